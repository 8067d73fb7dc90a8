import t from 'tap';
import { TtlLru } from '../../src/lib/ttl-lru.ts';

t.test('keeps at most its capacity, evicting the oldest entry not read since', async (t) => {
  const lru = new TtlLru<string, number>(3, 60_000);
  lru.set('a', 1);
  lru.set('b', 2);
  lru.set('c', 3);
  t.equal(lru.get('a'), 1, 'a read: it gets a second chance');
  lru.set('d', 4);
  t.equal(lru.size, 3);
  t.equal(lru.get('b'), undefined, 'b, the oldest unread, went');
  t.same([lru.get('a'), lru.get('c'), lru.get('d')], [1, 3, 4]);
  // Every entry read: one pass clears the bits, then the oldest goes.
  lru.set('e', 5);
  t.equal(lru.size, 3);
  // c, d, a (a went round once already) all read: bits cleared in that order, then c goes.
  t.equal(lru.get('c'), undefined, 'with every bit set, eviction falls back to insertion order');
  t.same([lru.get('d'), lru.get('a'), lru.get('e')], [4, 1, 5]);

  const one = new TtlLru<string, number>(1, 60_000);
  one.set('x', 1);
  one.get('x');
  one.set('y', 2);
  t.same([one.get('x'), one.get('y')], [undefined, 2], 'capacity 1: the new entry stays');
});

t.test('re-setting a key replaces its value and its expiry', async (t) => {
  const lru = new TtlLru<string, number>(2, 1000);
  lru.set('a', 1, 0);
  lru.set('a', 2, 500);
  t.equal(lru.size, 1);
  t.equal(lru.get('a', 1400), 2, 'live until 1500');
  t.equal(lru.get('a', 1500), undefined, 'expired at set time + ttl');
  t.equal(lru.size, 0, 'an expired entry is dropped when read');
});

t.test('deleteWhere and clear', async (t) => {
  const lru = new TtlLru<string, { owner: string }>(10, 60_000);
  lru.set('s1', { owner: 'u1' });
  lru.set('s2', { owner: 'u2' });
  lru.set('s3', { owner: 'u1' });
  lru.deleteWhere((v) => v.owner === 'u1');
  t.equal(lru.size, 1);
  t.same(lru.get('s2'), { owner: 'u2' });
  lru.clear();
  t.equal(lru.size, 0);
});
