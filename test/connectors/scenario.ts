import type { Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.ts';
import { snapshot, syncAndWait } from './helpers.ts';

/** The files every object-store-like source starts with, and what the second sync must show. */
export const FILES = {
  'a.txt': 'Alpha: the ferry desk opens at seven every weekday.',
  'b.txt': 'Beta: staff parking is behind the customs house.',
  'sub/c.txt': 'Gamma: bicycles are stored in the east shed.',
  'd.txt': 'Delta: badges are renewed every January.',
};
export const EDITED_A = 'Alpha: the ferry desk now opens at eight every weekday.';
export const NEW_E = 'Epsilon: the cafeteria serves soup on Fridays.';

/**
 * Runs the shared mirror scenario: first sync imports the four files; `change` then edits a.txt,
 * deletes b.txt, moves sub/c.txt to moved/c.txt and adds e.txt; the second sync must mirror it
 * exactly (document set by key, chunk text, no duplicates), keep the moved document and its
 * chunks, and re-embed only a.txt and e.txt. `urlOf(key)` is the source URL of a key.
 */
export async function mirrorScenario(
  t: Test,
  setup: { app: FastifyInstance; ctx: AppContext; headers: Record<string, string>; connectorId: string },
  urlOf: (key: string) => string,
  change: () => Promise<void>,
) {
  const { app, ctx, headers, connectorId } = setup;
  const first = await syncAndWait(app, headers, connectorId);
  t.match(first, { status: 'completed', added: 4, updated: 0, deleted: 0, moved: 0, failed: 0, embedded: 4 });
  const before = await snapshot(ctx, connectorId);
  t.same([...before.keys()].sort(), Object.keys(FILES).map(urlOf).sort(), 'first sync imports everything');
  for (const d of before.values()) t.equal(d.status, 'VECTORIZED', d.sourceUrl);
  t.match(before.get(urlOf('a.txt'))!.text, /opens at seven/);

  await change();
  const second = await syncAndWait(app, headers, connectorId);
  t.match(second, {
    status: 'completed',
    added: 1,
    updated: 1,
    deleted: 1,
    moved: 1,
    unchanged: 1,
    failed: 0,
    embedded: 2,
  });
  const after = await snapshot(ctx, connectorId);
  t.same(
    [...after.keys()].sort(),
    ['a.txt', 'd.txt', 'moved/c.txt', 'e.txt'].map(urlOf).sort(),
    'the document set mirrors the source, no duplicates',
  );
  t.match(after.get(urlOf('a.txt'))!.text, /opens at eight/);
  t.notMatch(after.get(urlOf('a.txt'))!.text, /seven/);
  t.match(after.get(urlOf('e.txt'))!.text, /soup on Fridays/);
  t.equal(
    after.get(urlOf('moved/c.txt'))!.id,
    before.get(urlOf('sub/c.txt'))!.id,
    'a move keeps the document',
  );
  t.same(
    after.get(urlOf('moved/c.txt'))!.chunkIds,
    before.get(urlOf('sub/c.txt'))!.chunkIds,
    'and its chunks',
  );
  t.same(
    after.get(urlOf('d.txt'))!.chunkIds,
    before.get(urlOf('d.txt'))!.chunkIds,
    'unchanged: not re-embedded',
  );
  const third = await syncAndWait(app, headers, connectorId);
  t.match(
    third,
    { added: 0, updated: 0, deleted: 0, moved: 0, unchanged: 4, embedded: 0, bytes: 0 },
    'a listing only',
  );
}
