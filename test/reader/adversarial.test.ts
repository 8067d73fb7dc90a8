/**
 * The reader's adversarial unanswerable questions (scripts/reader/adversarial.py, issue 35): each
 * edit of an answerable question must leave the paragraph unable to answer it, so a word or name
 * the paragraph already holds is never brought in. Pure Python: runs on the system's python3.
 */
import t from 'tap';
import { execFileSync } from 'node:child_process';

const PROBE = `
import json, random, sys
sys.path.insert(0, 'scripts/reader')
from adversarial import antonym_edit, entity_edit, number_edit, negation_edit, unanswerable_edit, names_of
rng = random.Random(7)
context = "Jacksonville's hottest month is July. The city was founded in 1822 by Andrew Jackson's admirers."
both = "The hottest and the coldest months are July and January."
out = dict(
  antonym=antonym_edit("What is Jacksonville's hottest month?", context.lower(), rng),
  antonym_blocked=antonym_edit("What is the hottest month?", both.lower(), rng),
  entity=entity_edit("When was Jacksonville founded?", context, ["Tallahassee", "Jacksonville", "Andrew Jackson"], rng),
  entity_absent=entity_edit("When was Miami founded?", context, ["Tallahassee"], rng),
  number=number_edit("What happened in 1822?", context, rng),
  negation=negation_edit("What is Jacksonville's hottest month?"),
  names=names_of("What did Andrew Jackson found in Florida?"),
  any=[unanswerable_edit("When was Jacksonville founded in 1822?", context, ["Orlando"], random.Random(s)) for s in range(20)],
)
print(json.dumps(out))
`;

t.test('edits make a question the paragraph cannot answer, and only then', async (t) => {
  const out = JSON.parse(execFileSync('python3', ['-c', PROBE], { encoding: 'utf8' }));
  t.equal(out.antonym, "What is Jacksonville's coldest month?");
  t.equal(out.antonym_blocked, null, 'no antonym the paragraph holds');
  t.equal(
    out.entity,
    'When was Tallahassee founded?',
    'a name from elsewhere, never one the paragraph holds',
  );
  t.equal(out.entity_absent, null, 'only a name the paragraph holds is swapped');
  t.match(out.number, /^What happened in \d+\?$/);
  t.not(out.number, 'What happened in 1822?');
  t.equal(out.negation, "What isn't Jacksonville's hottest month?");
  t.same(out.names, ['Andrew Jackson', 'Florida'], 'the opening wh-word is not a name');
  const kinds = new Set(out.any.filter(Boolean).map((edit: [string, string]) => edit[0]));
  t.ok(kinds.size >= 2, `several kinds of edit: ${[...kinds].join(', ')}`);
  for (const edit of out.any.filter(Boolean) as [string, string][]) {
    t.not(edit[1], 'When was Jacksonville founded in 1822?');
  }
});
