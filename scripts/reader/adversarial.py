"""Adversarial unanswerable questions made from answerable ones, for the reader's training data.

SQuAD 2.0's unanswerable questions were written by crowdworkers as small edits of answerable ones,
so that the paragraph still holds a plausible answer (Rajpurkar, Jia and Liang 2018, "Know What You
Don't Know", table 2: negation 9 %, antonym 20 %, entity swap 21 %, mutual exclusion 15 %,
impossible condition 4 %, other neutral 24 %). Only 3,125 such questions are in our training
material, against 87,599 answerable ones. The usual remedy adds rule-made edits of the same kinds
(Zhu et al. 2019, "Learning to Ask Unanswerable Questions for Machine Reading Comprehension",
whose baseline is exactly this: swap an entity or a word for its antonym). Each rule below makes an
edit only when the result cannot be answered from the paragraph by construction: the new word or
name does not occur in it.

  * antonym: a word of the question swapped for its opposite ("hottest" -> "coldest");
  * entity swap: a capitalised name of the question that the paragraph holds, swapped for a name
    from another article;
  * number swap: a year or number of the question that the paragraph holds, swapped for a nearby
    one it does not hold;
  * negation: "is" -> "isn't", "did X do" -> "did X not do" (SQuAD 2.0's own negation edits).
"""
import random
import re

PAIRS = '''first last|highest lowest|largest smallest|biggest smallest|most least|before after|hottest coldest
earliest latest|increase decrease|increased decreased|north south|east west|northern southern|eastern western
summer winter|spring autumn|maximum minimum|oldest youngest|older younger|longest shortest|best worst|more less
won lost|win lose|began ended|start end|male female|men women|man woman|positive negative|higher lower
larger smaller|top bottom|inside outside|early late|earlier later|major minor|public private|rich poor
strong weak|strongest weakest|success failure|successful unsuccessful|fastest slowest|faster slower
heavy light|legal illegal|ancient modern|upper lower|morning evening|maximum minimum|open closed
allowed forbidden|increase reduce|common rare|longer shorter|wet dry|high low|large small|cheapest costliest
'''
ANTONYMS = {}
for pair in PAIRS.replace('\n', '|').split('|'):
    if pair.strip():
        a, b = pair.split()
        ANTONYMS.setdefault(a, b)
        ANTONYMS.setdefault(b, a)

NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\b")
NUMBER = re.compile(r"\b\d{1,4}\b")
WORD = re.compile(r"[A-Za-z]+")
WH = {'What', 'Which', 'Who', 'Whom', 'Whose', 'When', 'Where', 'Why', 'How', 'In', 'On', 'At', 'The', 'A',
      'An', 'During', 'After', 'Before', 'From', 'To', 'For', 'By', 'Of', 'Along', 'Is', 'Was', 'Are', 'Were',
      'Did', 'Do', 'Does', 'Name', 'According', 'As', 'If', 'Since', 'Besides'}
# The chance that a kind, when its turn comes, is tried at all. Negation: SQuAD 2.0's negations are
# 9 % of its edits, and a negated question is sometimes still answered by its paragraph ("who did
# not vote?"). Entity swap: a name occurs in about half of SQuAD's questions, so, always tried, it
# would make half of the edits (2026-11-29: 1,515 of 3,000 questions at rate 1); at these rates the
# kinds came out 678 entity, 535 antonym, 368 negation, 206 number of 3,000 (1,213 left unedited).
KINDS = ('antonym', 'entity', 'number', 'negation')
KIND_SHARE = {'antonym': 1.0, 'entity': 0.45, 'number': 1.0, 'negation': 0.3}
NEGATABLE = re.compile(r"\b(is|was|are|were|does|do|did|can|could|will|would|has|have|had)\b (?!not\b)")


def names_of(text: str):
    """Capitalised word runs that are not a question's opening function word."""
    out = []
    for match in NAME.finditer(text):
        words = match.group(0).split()
        while words and words[0] in WH:
            words = words[1:]
        if words:
            out.append(' '.join(words))
    return out


def antonym_edit(question: str, context_lower: str, rng: random.Random):
    """-> the question with one word swapped for its opposite (PAIRS) that `context_lower` lacks, or None."""
    words = [m for m in WORD.finditer(question) if m.group(0).lower() in ANTONYMS]
    rng.shuffle(words)
    for m in words:
        opposite = ANTONYMS[m.group(0).lower()]
        if re.search(r'\b' + opposite + r'\b', context_lower):
            continue
        if m.group(0)[0].isupper():
            opposite = opposite.capitalize()
        return question[:m.start()] + opposite + question[m.end():]
    return None


def entity_edit(question: str, context: str, name_pool, rng: random.Random):
    """-> the question with a name `context` holds swapped for a pool name of as many words that
    `context` lacks, or None."""
    candidates = [n for n in names_of(question) if n in context]
    if not candidates or not name_pool:
        return None
    name = rng.choice(candidates)
    size = len(name.split())
    for _ in range(20):
        other = rng.choice(name_pool)
        if len(other.split()) == size and other not in context and other != name:
            return question.replace(name, other, 1)
    return None


def number_edit(question: str, context: str, rng: random.Random):
    """-> the question with a number `context` holds moved by 1–5 (1–30 above 100) to one it lacks, or None."""
    numbers = [m for m in NUMBER.finditer(question) if re.search(r'\b' + m.group(0) + r'\b', context)]
    if not numbers:
        return None
    m = rng.choice(numbers)
    value = int(m.group(0))
    for _ in range(20):
        other = value + rng.choice([-1, 1]) * rng.randint(1, 30 if value > 100 else 5)
        if other > 0 and not re.search(r'\b' + str(other) + r'\b', context):
            return question[:m.start()] + str(other) + question[m.end():]
    return None


def negation_edit(question: str):
    """-> the question's first auxiliary negated ("is" -> "isn't", "can" -> "can not"), or None."""
    match = NEGATABLE.search(question)
    if not match:
        return None
    verb = match.group(1)
    if verb in ('is', 'was', 'are', 'were', 'has', 'have', 'had', 'does', 'do', 'did', 'could', 'would'):
        return question[:match.start()] + verb + "n't " + question[match.end():]
    return question[:match.start()] + verb + ' not ' + question[match.end():]


def unanswerable_edit(question: str, context: str, name_pool, rng: random.Random):
    """-> (kind, edited question) or None; the edit cannot be answered from `context` by construction,
    except negation, which follows SQuAD 2.0's own negated questions (its annotators' label)."""
    lower = context.lower()
    kinds = list(KINDS)
    rng.shuffle(kinds)
    # Negation last: it is the noisiest edit and SQuAD 2.0's rarest kind.
    kinds.sort(key=lambda k: k == 'negation')
    for kind in kinds:
        if rng.random() > KIND_SHARE[kind]:
            continue
        if kind == 'antonym':
            edited = antonym_edit(question, lower, rng)
        elif kind == 'entity':
            edited = entity_edit(question, context, name_pool, rng)
        elif kind == 'number':
            edited = number_edit(question, context, rng)
        else:
            edited = negation_edit(question)
        if edited and edited != question:
            return kind, edited
    return None
