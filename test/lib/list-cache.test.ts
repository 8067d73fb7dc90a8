import t from 'tap';
import { createListCache, listKey } from '../../src/lib/list-cache.ts';

const bytes = (text: string) => Buffer.from(text);

t.test('a load that raced a bump is served but not kept', async (t) => {
  const cache = createListCache({ capacity: 10, ttlMs: 60_000, bus: null });
  let loads = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const racing = cache.body('co_a', 'k', async () => {
    loads++;
    await gate;
    return bytes('"before the write"');
  });
  cache.bump('co_a'); // the write commits while the read is in flight
  release();
  t.equal(String(await racing), '"before the write"', 'the caller gets what it read');
  t.equal(
    String(await cache.body('co_a', 'k', async () => (loads++, bytes('"after"')))),
    '"after"',
    'not kept',
  );
  t.equal(
    String(await cache.body('co_a', 'k', async () => (loads++, bytes('"again"')))),
    '"after"',
    'kept once clean',
  );
  t.equal(loads, 2);
});

t.test('a bump drops only its company; capacity 0 never keeps', async (t) => {
  const cache = createListCache({ capacity: 10, ttlMs: 60_000, bus: null });
  await cache.body('co_a', 'k', async () => bytes('"a1"'));
  await cache.body('co_b', 'k', async () => bytes('"b1"'));
  cache.bump('co_a');
  t.equal(String(await cache.body('co_a', 'k', async () => bytes('"a2"'))), '"a2"');
  t.equal(String(await cache.body('co_b', 'k', async () => bytes('"b2"'))), '"b1"');
  const off = createListCache({ capacity: 0, ttlMs: 60_000, bus: null });
  t.notOk(off.active);
  await off.body('co_a', 'k', async () => bytes('"1"'));
  t.equal(String(await off.body('co_a', 'k', async () => bytes('"2"'))), '"2"');
});

t.test('expired entries are loaded again (the TTL bound)', async (t) => {
  const cache = createListCache({ capacity: 10, ttlMs: 1, bus: null });
  await cache.body('co_a', 'k', async () => bytes('"1"'));
  await new Promise((r) => setTimeout(r, 5));
  t.equal(String(await cache.body('co_a', 'k', async () => bytes('"2"'))), '"2"');
});

t.test('listKey ignores the order of query keys', async (t) => {
  t.equal(listKey('documents', { page: 1, limit: 20 }), listKey('documents', { limit: 20, page: 1 }));
  t.not(listKey('documents', { page: 1 }), listKey('topics', { page: 1 }));
  t.not(listKey('documents', { page: 1 }), listKey('documents', { page: 2 }));
});
