/**
 * Where the asked-for value sits in an answering sentence (src/chat/answering/value-patterns.ts):
 * after the question's preposition, before the counted noun, or in the units of the measure the
 * question names.
 */
import t from 'tap';
import { valuePattern } from '../../src/chat/answering/value-patterns.ts';

const matches = (question: string, sentence: string) => valuePattern(question)?.test(sentence) ?? false;

t.test('a measure is answered in its units', async (t) => {
  const speed = 'What was the clock speed of the processor in the test machine?';
  t.ok(matches(speed, 'All experiments were performed on a MacBook Pro with 2.2 GHz Core 2 processor.'));
  t.notOk(matches(speed, 'Because it costs 6950 cycles to call the interpreter.'), 'a figure in other units');
  t.ok(
    matches('How fast was the processor in the test laptop?', 'a MacBook Pro with 2.2 GHz Core 2 processor'),
  );
  t.ok(matches('How much memory did the machine have?', 'It had 2 GB RAM.'));
  t.notOk(matches('How much memory did the machine have?', 'It ran MacOS 10.5.'));
  t.ok(matches('What temperature does the oven reach?', 'It reaches 250 °C.'));
  t.ok(matches('How long did the review take?', 'The review took 45 days.'));
  t.ok(matches('What percentage of users run Firefox?', 'Firefox has approximately 10-11% of usage share.'));
  t.ok(matches('What is the fee for a renewal?', 'A renewal costs $85.'));
  t.notOk(matches('What is the fee for a renewal?', 'Renewals take 85 days.'));
  t.equal(valuePattern('Who wrote the report?'), null, 'no measure, no pattern');
  t.ok(matches('How many sequences were aligned?', 'the 100 sequences were aligned'), 'counts first');
});

t.test("a completed follow-up's own measure decides", async (t) => {
  const completed = "And for the airspeed alert? How far apart must the two pilots' altitude readings be?";
  t.ok(matches(completed, 'The airspeed indications disagree by more than 5 knots.'));
  t.notOk(matches(completed, 'The altitude readings disagree by more than 200 feet.'));
});
