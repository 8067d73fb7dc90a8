import t from 'tap';
import { loadConfig } from '../../src/config/index.ts';
import {
  BudgetClock,
  budgetMs,
  budgetReason,
  chunksAllowed,
  expansionReason,
  MIN_CHUNKS_ALLOWED,
} from '../../src/ingestion/budget.ts';

const MB = 2 ** 20;

t.test('the default budget: bombs of the audit get under 30 s, real documents their time', async (t) => {
  const { ingestBudget: b } = loadConfig({});
  // The audit's slow files (issue 36): all parse-time, so only the parse deadline applies.
  t.ok(budgetMs(b, 'pdf', 927_000, null) < 25_000, '927 kB PDF');
  t.ok(budgetMs(b, 'html', 2.2 * MB, null) < 25_000, '2.2 MB HTML');
  t.ok(budgetMs(b, 'xlsx', 7_000, null) < 25_000, '7 kB XLSX');
  t.ok(budgetMs(b, 'ods', 1_000, null) < 25_000, '1 kB ODS');
  // The 872-page handbook (482,883 B, 939 chunks) took 226 s in all at load 11.
  t.ok(budgetMs(b, 'docx', 482_883, 939) >= 3 * 380_000, 'the handbook keeps 3× headroom');
  // Its parse and chunking took 17.1 s at worst; a 3.8 MB text's chunking 6.9 s on an idle machine.
  t.ok(budgetMs(b, 'docx', 482_883, null) >= 3 * 17_100, "the handbook's parse keeps 3×");
  t.ok(budgetMs(b, 'text', 3_792_954, null) >= 9 * 6_900, "a 3.8 MB text's chunking keeps 9× of idle");
  t.equal(
    budgetMs(b, 'text', 0, 10),
    2 * b.baseMs + 10 * b.perChunkMs,
    'the embedding gets the base again and time per chunk',
  );
});

t.test('chunks allowed per kB, with a floor for tiny files', async (t) => {
  const b = { baseMs: 1000, parsePerMbMs: 0, perChunkMs: 0, maxChunksPerKb: 50 };
  t.equal(chunksAllowed(b, 60), MIN_CHUNKS_ALLOWED, 'a 60-byte note may make the floor');
  t.equal(chunksAllowed(b, 10 * 1024), 500);
  // The 872-page handbook makes 2 chunks per kB: far below.
  t.ok(chunksAllowed(b, 482_883) > 939 * 10);
  t.match(
    expansionReason(b, 819, 5_485),
    /the 1 kB file makes 5,485 chunks to embed; a file may make at most 50 per kB, 39 here \(INGEST_MAX_CHUNKS_PER_KB\)/,
  );
  t.match(
    budgetReason(21_500, 2.2 * MB, null),
    /parsing took longer than the 21\.5 s allowed for a 2\.2 MB file \(INGEST_BUDGET_SECONDS/,
  );
  t.match(
    budgetReason(60_000, 30_000, 59),
    /processing took longer than the 60 s allowed for a 29 kB file of 59 chunks/,
  );
});

t.test('the clock aborts at its deadline, counts earlier slices and grants chunk time', async (t) => {
  const b = { baseMs: 150, parsePerMbMs: 0, perChunkMs: 100, maxChunksPerKb: 50 };
  const fresh = new BudgetClock(b, 'text', 0, performance.now(), 0);
  t.notOk(fresh.signal.aborted);
  await new Promise((r) => setTimeout(r, 250));
  t.ok(fresh.signal.aborted, 'past 150 ms it is aborted');
  t.match(fresh.reason(), /parsing took longer than the 0\.2 s allowed/);

  const spent = new BudgetClock(b, 'text', 0, performance.now(), 1000);
  t.ok(spent.signal.aborted, 'a continuation that already spent its budget stops at once');

  const granted = new BudgetClock(b, 'text', 0, performance.now(), 0);
  granted.parsed(3); // 150 + 150 + 300 ms
  await new Promise((r) => setTimeout(r, 350));
  t.notOk(granted.signal.aborted, 'the chunks bought time');
  await new Promise((r) => setTimeout(r, 400));
  t.ok(granted.signal.aborted);
  t.match(granted.reason(), /of 3 chunks/);
  granted.stop();
});

t.test('a continuation that parses again: the parse on its own deadline, then not counted', async (t) => {
  const b = { baseMs: 150, parsePerMbMs: 0, perChunkMs: 100, maxChunksPerKb: 50 };
  // Earlier slices spent 400 ms of a whole-attempt budget of 150 + 150 + 10 × 100 = 1,300 ms.
  const again = new BudgetClock(b, 'text', 0, performance.now(), 400, true);
  t.notOk(again.signal.aborted, 'the re-parse is not judged by the earlier slices');
  t.equal(again.carried(), 400, 'handed over mid-parse, it carries what the earlier slices spent');
  await new Promise((r) => setTimeout(r, 100));
  again.parsed(10);
  t.ok(
    again.spent() >= 400 && again.spent() < 450,
    `the re-parse not counted (${Math.round(again.spent())} ms)`,
  );
  t.notOk(again.signal.aborted);
  again.stop();
  const slow = new BudgetClock(b, 'text', 0, performance.now(), 400, true);
  await new Promise((r) => setTimeout(r, 250));
  t.ok(slow.signal.aborted, 'a re-parse past its own deadline still stops');
  const plain = new BudgetClock(b, 'text', 0, performance.now(), 400);
  t.ok(plain.signal.aborted, 'without reparse the earlier slices count against the parse deadline');
});

t.test('grant: time for OCR pages extends the deadline in both phases and is named', async (t) => {
  const b = { baseMs: 150, parsePerMbMs: 0, perChunkMs: 0, maxChunksPerKb: 50, ocrPageMs: 300 };
  const clock = new BudgetClock(b, 'pdf', 0, performance.now(), 0);
  clock.grant(300); // 150 + 300 ms
  await new Promise((r) => setTimeout(r, 250));
  t.notOk(clock.signal.aborted, 'past the 150 ms base, the page granted keeps it going');
  t.equal(clock.granted(), 300);
  t.ok(clock.carried() < 50, 'a continuation is handed the time spent less the grant');
  clock.parsed(1); // 150 + 150 + 300 ms: the grant stays once the attempt embeds
  await new Promise((r) => setTimeout(r, 250));
  t.notOk(clock.signal.aborted, 'the grant counts in the whole attempt too');
  await new Promise((r) => setTimeout(r, 250));
  t.ok(clock.signal.aborted);
  t.match(
    clock.reason(),
    /processing took longer than the 0\.6 s allowed for a 1 kB file of 1 chunks, 0\.3 s of it for 1 page read by OCR \(INGEST_BUDGET_SECONDS.*INGEST_BUDGET_OCR_PAGE_SECONDS\)/,
  );
  clock.grant(10_000);
  t.equal(clock.granted(), 300, 'a grant after the deadline does not count: nothing revives the attempt');
  t.ok(clock.signal.aborted);
  clock.stop();

  const none = new BudgetClock(b, 'pdf', 0, performance.now(), 0);
  await new Promise((r) => setTimeout(r, 250));
  t.ok(none.signal.aborted, 'without a grant the base alone applies');
  t.match(
    none.reason(),
    /^parsing took longer than the 0\.2 s allowed for a 1 kB file \(INGEST_BUDGET_SECONDS/,
  );
});

t.test('the default grant per OCR page', async (t) => {
  t.equal(loadConfig({}).ingestBudget.ocrPageMs, 60_000, 'INGEST_BUDGET_OCR_PAGE_SECONDS 60 by default');
  t.equal(loadConfig({ INGEST_BUDGET_OCR_PAGE_SECONDS: '0' }).ingestBudget.ocrPageMs, 0, '0 turns it off');
});
