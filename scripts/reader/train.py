"""Fine-tune all-MiniLM-L6-v2 with a span head (start/end logits) on the prepared windows.

Usage: python scripts/reader/train.py --data work/reader --out work/reader/model [--max-steps N]
       [--epochs 1] [--batch-size 32] [--lr 1e-4] [--bf16] [--threads 2]
       [--init DIR --skip-batches N]   (go on from a trained model, e.g. dequantize.py's, past the
                                        N batches of the data order it already saw)

Same script on CPU or CUDA (picked automatically). Batches are length-bucketed: windows are sorted
by length inside pools of 100 batches and padded to each batch's longest, which roughly halves the
padded tokens of SQuAD windows. A checkpoint (model, optimiser, scheduler, step, data order) is
written every --save-every steps and at the end; running the same command again resumes from it.
Loss: mean of start and end cross-entropy, the BERT SQuAD objective (Devlin et al. 2019, sec. 4.3);
a "no answer" window points both at [CLS] (SQuAD 2.0 recipe, same paper sec. 4.3).
"""
import argparse
import json
import math
import pickle
import random
import time
from pathlib import Path

import torch
from transformers import AutoModelForQuestionAnswering, AutoTokenizer

from prepare import base_model_dir


def batches(lengths, batch_size: int, seed: int):
    """Length-bucketed batches of window indices, in a seeded random order."""
    rng = random.Random(seed)
    order = list(range(len(lengths)))
    rng.shuffle(order)
    pool = batch_size * 100
    out = []
    for offset in range(0, len(order), pool):
        chunk = sorted(order[offset:offset + pool], key=lambda i: lengths[i])
        out.extend(chunk[k:k + batch_size] for k in range(0, len(chunk), batch_size))
    rng.shuffle(out)
    return out


def collate(features, indices, device):
    width = max(len(features['input_ids'][i]) for i in indices)
    ids = torch.zeros((len(indices), width), dtype=torch.long)
    types = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for row, i in enumerate(indices):
        seq = features['input_ids'][i]
        ids[row, :len(seq)] = torch.tensor(seq)
        types[row, :len(seq)] = torch.tensor(features['token_type_ids'][i])
        mask[row, :len(seq)] = 1
    start = torch.tensor([features['start'][i] for i in indices])
    end = torch.tensor([features['end'][i] for i in indices])
    return {k: v.to(device) for k, v in dict(input_ids=ids, token_type_ids=types, attention_mask=mask,
                                               start_positions=start, end_positions=end).items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', default='work/reader')
    parser.add_argument('--out', default='work/reader/model')
    parser.add_argument('--epochs', type=float, default=2.0)
    parser.add_argument('--max-steps', type=int, default=0, help='0 = --epochs over the data')
    parser.add_argument('--batch-size', type=int, default=32)
    parser.add_argument('--lr', type=float, default=1e-4)
    parser.add_argument('--warmup', type=float, default=0.06)
    parser.add_argument('--bf16', action='store_true', help='bf16 autocast (CPU with AMX/AVX512-BF16, or CUDA)')
    parser.add_argument('--threads', type=int, default=0)
    parser.add_argument('--save-every', type=int, default=100)
    parser.add_argument('--seed', type=int, default=2026)
    parser.add_argument('--time-budget-s', type=float, default=0,
                        help='shorten the run (never lengthen it) so that training ends within this many seconds')
    parser.add_argument('--init', default='', help='start from this model folder instead of the base weights')
    parser.add_argument('--skip-batches', type=int, default=0,
                        help='batches of the (seeded) data order already trained on by --init; they are not repeated')
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    device = 'cuda' if torch.cuda.is_available() else 'cpu'
    with open(Path(args.data) / 'train.pkl', 'rb') as f:
        features = pickle.load(f)
    lengths = [len(s) for s in features['input_ids']]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    per_epoch = math.ceil(len(lengths) / args.batch_size)
    total = args.max_steps or math.ceil(per_epoch * args.epochs)
    model = AutoModelForQuestionAnswering.from_pretrained(args.init or str(base_model_dir())).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    # Linear warm-up then linear decay to 0 at `total` (transformers' get_linear_schedule_with_warmup),
    # with `total` re-read from OUT/max-steps when that file exists: a CPU run can be shortened or
    # lengthened while it runs and still end with its learning rate at 0.
    schedule = {'total': total}

    def lr_factor(current: int) -> float:
        warmup = max(1, int(schedule['total'] * args.warmup))
        if current < warmup:
            return current / warmup
        return max(0.0, (schedule['total'] - current) / max(1, schedule['total'] - warmup))

    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_factor)
    override = out / 'max-steps'
    step = 0
    checkpoint = out / 'checkpoint.pt'
    if checkpoint.exists():
        state = torch.load(checkpoint, weights_only=False)
        model.load_state_dict(state['model'])
        optimizer.load_state_dict(state['optimizer'])
        scheduler.load_state_dict(state['scheduler'])
        step = state['step']
        print(f'resumed at step {step}/{total}', flush=True)
    model.train()
    began, running, seen_tokens = time.time(), 0.0, 0
    log = open(out / 'train-log.jsonl', 'a')

    def save():
        torch.save(dict(model=model.state_dict(), optimizer=optimizer.state_dict(),
                        scheduler=scheduler.state_dict(), step=step), str(checkpoint) + '.tmp')
        Path(str(checkpoint) + '.tmp').replace(checkpoint)

    # --time-budget-s: the rate is measured from the 300th step on and first applied at the 1,000th
    # (on the H200 the rate kept rising for the first few hundred steps: a cut at step 300 from the
    # rate since step 50 kept 3,651 of 11,866 steps where ≈ 6,700 fit); the run is shortened, never
    # lengthened, so that it ends inside the budget with its learning rate at 0.
    loop_began, first_step, rate_mark = time.time(), step, None

    def fit_time_budget(current_total: int) -> int:
        """-> the step count that ends within --time-budget-s at the rate measured so far (never more than now)."""
        mark_step, mark_time = rate_mark
        rate = (step - mark_step) / max(1e-6, time.time() - mark_time)
        left_s = args.time_budget_s - (time.time() - loop_began)
        affordable = step + int(rate * max(0.0, left_s))
        if affordable < current_total * 0.98:
            print(f'time budget {args.time_budget_s:.0f} s: {current_total} -> {affordable} steps', flush=True)
            return max(step + 1, affordable)
        return current_total

    while step < total:
        epoch, index = divmod(step + args.skip_batches, per_epoch)
        began, seen_tokens = time.time(), 0
        plan = batches(lengths, args.batch_size, args.seed + epoch)
        for indices in plan[index:]:
            if step >= total:
                break
            batch = collate(features, indices, device)
            with torch.autocast(device_type=device, dtype=torch.bfloat16, enabled=args.bf16):
                loss = model(**batch).loss
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad(set_to_none=True)
            step += 1
            running = 0.98 * running + 0.02 * loss.item() if step > 1 else loss.item()
            seen_tokens += batch['input_ids'].numel()
            if override.exists() and step % 10 == 0:
                total = schedule['total'] = int(override.read_text().strip())
            if args.time_budget_s and step - first_step == 300:
                rate_mark = (step, time.time())
            if args.time_budget_s and rate_mark and (step - first_step == 1000 or step % 2000 == 0):
                total = schedule['total'] = fit_time_budget(total)
            if step % 20 == 0 or step == total:
                elapsed = time.time() - began
                record = dict(step=step, total=total, loss=round(running, 4), lr=scheduler.get_last_lr()[0],
                              elapsed_s=round(elapsed, 1), tokens_per_s=round(seen_tokens / elapsed))
                print(json.dumps(record), flush=True)
                log.write(json.dumps(record) + '\n')
                log.flush()
            if step % args.save_every == 0:
                save()
    save()
    model.save_pretrained(out / 'final')
    AutoTokenizer.from_pretrained(str(base_model_dir())).save_pretrained(out / 'final')
    (out / 'final' / 'training.json').write_text(json.dumps(dict(vars(args), total_steps=total,
                                                                 windows=len(lengths), device=device), indent=2))
    print('saved', out / 'final', flush=True)


if __name__ == '__main__':
    main()
