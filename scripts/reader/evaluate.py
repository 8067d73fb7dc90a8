"""The reader alone, given the gold paragraph, on ../shared/datasets/squad2/dev-half-a.json:
official SQuAD 2.0 EM/F1 (squad_metrics.py), split by article exactly as scripts/bench/answer-sets.ts (SQUAD_SPLIT)
(FIT: Normans, 1973_oil_crisis, Yuan_dynasty, Imperialism; TEST: the other four).

The no-answer threshold on the margin (best span - null, logits) is the one that maximises overall
F1 on FIT (the official evaluate script's best_f1_thresh); TEST is reported with it, never fitted.
Also reported: HasAns EM/F1 when the reader never abstains, and the NoAns accuracy.

Usage: python scripts/reader/evaluate.py --model work/reader/export [--limit N] [--json out.json]
"""
import argparse
import json
from pathlib import Path

import numpy as np
from transformers import AutoTokenizer

from infer import OnnxReader
from squad_metrics import score

DEV = Path(__file__).resolve().parents[2] / '..' / 'shared' / 'datasets' / 'squad2' / 'dev-half-a.json'
FIT = ['Normans', '1973_oil_crisis', 'Yuan_dynasty', 'Imperialism']


def questions(path: Path):
    for article in json.loads(path.read_text())['data']:
        split = 'fit' if article['title'] in FIT else 'test'
        for p in article['paragraphs']:
            for qa in p['qas']:
                yield dict(split=split, question=qa['question'], context=p['context'],
                           golds=[a['text'] for a in qa['answers']] if not qa.get('is_impossible') else [])


def figures(rows, threshold):
    em, f1, has_em, has_f1, no_right = [], [], [], [], []
    for r in rows:
        answered = r['margin'] > threshold
        # Scores of the span and of "no answer", computed once per question.
        if 'scored' not in r:
            r['scored'] = (score(r['golds'], r['text']), score(r['golds'], ''))
        e, f = r['scored'][0] if answered else r['scored'][1]
        em.append(e)
        f1.append(f)
        if r['golds']:
            has_em.append(r['scored'][0][0])
            has_f1.append(r['scored'][0][1])
        else:
            no_right.append(not answered)
    pct = lambda xs: round(100 * float(np.mean(xs)), 1) if xs else None
    answered = [r for r in rows if r['golds']]
    return dict(questions=len(rows), EM=pct(em), F1=pct(f1), HasAns_EM_never_abstaining=pct(has_em),
                HasAns_F1_never_abstaining=pct(has_f1), NoAns_accuracy=pct(no_right),
                HasAns_answered=pct([r['margin'] > threshold for r in answered]))


def best_threshold(rows):
    candidates = sorted({round(r['margin'], 1) for r in rows})
    return max(candidates, key=lambda t: figures(rows, t)['F1'])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--model', default='work/reader/export')
    parser.add_argument('--dev', default=str(DEV))
    parser.add_argument('--limit', type=int, default=0)
    parser.add_argument('--threads', type=int, default=2)
    parser.add_argument('--json')
    args = parser.parse_args()
    tokenizer = AutoTokenizer.from_pretrained(args.model)
    reader = OnnxReader(str(Path(args.model) / 'onnx' / 'model_quantized.onnx'), tokenizer, args.threads)
    rows = list(questions(Path(args.dev)))
    if args.limit:
        rows = rows[::max(1, len(rows) // args.limit)]
    for r in rows:
        r['text'], r['margin'], _, _ = reader.read(r['question'], r['context'])
    fit = [r for r in rows if r['split'] == 'fit']
    test = [r for r in rows if r['split'] == 'test']
    threshold = best_threshold(fit)
    report = dict(threshold_fitted_on_fit=threshold, fit=figures(fit, threshold), test=figures(test, threshold),
                  test_at_zero=figures(test, 0.0))
    print(json.dumps(report, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(dict(report=report, rows=rows)))


if __name__ == '__main__':
    main()
