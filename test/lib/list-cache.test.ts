import t from 'tap';
import { createListCache, listKey } from '../../src/lib/list-cache.ts';

t.test('a load that raced a bump is served but not kept', async (t) => {
  const cache = createListCache({ capacity: 10, ttlMs: 60_000, bus: null });
  let loads = 0;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const racing = cache.json('co_a', 'k', async () => {
    loads++;
    await gate;
    return '"before the write"';
  });
  cache.bump('co_a'); // the write commits while the read is in flight
  release();
  t.equal(await racing, '"before the write"', 'the caller gets what it read');
  t.equal(await cache.json('co_a', 'k', async () => (loads++, '"after"')), '"after"', 'not kept');
  t.equal(await cache.json('co_a', 'k', async () => (loads++, '"again"')), '"after"', 'kept once clean');
  t.equal(loads, 2);
});

t.test('a bump drops only its company; capacity 0 never keeps', async (t) => {
  const cache = createListCache({ capacity: 10, ttlMs: 60_000, bus: null });
  await cache.json('co_a', 'k', async () => '"a1"');
  await cache.json('co_b', 'k', async () => '"b1"');
  cache.bump('co_a');
  t.equal(await cache.json('co_a', 'k', async () => '"a2"'), '"a2"');
  t.equal(await cache.json('co_b', 'k', async () => '"b2"'), '"b1"');
  const off = createListCache({ capacity: 0, ttlMs: 60_000, bus: null });
  t.notOk(off.active);
  await off.json('co_a', 'k', async () => '"1"');
  t.equal(await off.json('co_a', 'k', async () => '"2"'), '"2"');
});

t.test('expired entries are loaded again (the TTL bound)', async (t) => {
  const cache = createListCache({ capacity: 10, ttlMs: 1, bus: null });
  await cache.json('co_a', 'k', async () => '"1"');
  await new Promise((r) => setTimeout(r, 5));
  t.equal(await cache.json('co_a', 'k', async () => '"2"'), '"2"');
});

t.test('listKey ignores the order of query keys', async (t) => {
  t.equal(listKey('documents', { page: 1, limit: 20 }), listKey('documents', { limit: 20, page: 1 }));
  t.not(listKey('documents', { page: 1 }), listKey('topics', { page: 1 }));
  t.not(listKey('documents', { page: 1 }), listKey('documents', { page: 2 }));
});
