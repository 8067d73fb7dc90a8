"""The official SQuAD 2.0 evaluation (evaluate-v2.0.py, Rajpurkar et al. 2018): answer
normalisation, exact match and token F1, best over the gold answers; "no answer" is right only
when the question has no gold answer."""
import collections
import re
import string


def normalize_answer(s: str) -> str:
    s = s.lower()
    s = ''.join(ch for ch in s if ch not in set(string.punctuation))
    s = re.sub(r'\b(a|an|the)\b', ' ', s)
    return ' '.join(s.split())


def exact(gold: str, pred: str) -> int:
    return int(normalize_answer(gold) == normalize_answer(pred))


def f1(gold: str, pred: str) -> float:
    g, p = normalize_answer(gold).split(), normalize_answer(pred).split()
    if not g or not p:
        return float(g == p)
    common = collections.Counter(g) & collections.Counter(p)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision, recall = same / len(p), same / len(g)
    return 2 * precision * recall / (precision + recall)


def score(golds: list, pred: str) -> tuple:
    """-> (EM, F1) of one prediction; golds == [] means unanswerable (gold is '')."""
    golds = golds or ['']
    return max(exact(g, pred) for g in golds), max(f1(g, pred) for g in golds)
