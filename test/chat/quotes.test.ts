import t from 'tap';
import { quoteFor, QUOTE_CHARS } from '../../src/chat/quotes.ts';

t.test('quoteFor: the chunk sentence the answer cites', async (t) => {
  const chunk =
    'Our company was founded in 1998 in Lyon. It makes garden tools and sells them in twelve countries. ' +
    'The support desk is open from 8am to 6pm on weekdays. It is closed on public holidays.';
  t.equal(
    quoteFor(chunk, 'The desk opens at 8am on weekdays [1]. Tools ship worldwide [2].', 1),
    'The support desk is open from 8am to 6pm on weekdays.',
    'past the opening words',
  );
  t.equal(
    quoteFor(chunk, 'It was founded in Lyon [2]. The desk closes on holidays [1].', 1),
    'It is closed on public holidays.',
    'only the sentences carrying its own marker',
  );
  t.equal(quoteFor(chunk, 'Nothing in common [1].', 1), undefined, 'no shared term: no quote');
  t.equal(quoteFor(chunk, 'The desk opens at 8am [2].', 1), undefined, 'not cited: no quote');
  const words = Array.from({ length: 90 }, (_, i) => `word${i}`).join(' ');
  const long = `The warranty terms cover ${words} and more.`;
  const q = quoteFor(long, 'The warranty terms [1].', 1)!;
  t.ok(q.length <= QUOTE_CHARS + 1 && q.endsWith('…'), 'a run-on sentence is cut at a word');
  t.equal(
    quoteFor('Refunds take <img src=x onerror=alert(1)> 14 days.', 'Refunds take 14 days [1].', 1),
    'Refunds take <img src=x onerror=alert(1)> 14 days.',
    'text as it is (clients render it as text)',
  );
});
