import t from 'tap';
import { requeueStranded } from '../../src/connectors/documents.ts';
import { enqueueIngest, INGEST_QUEUE } from '../../src/ingestion/queue.ts';
import { newId } from '../../src/lib/ids.ts';
import { buildTestApp, signUp } from '../helpers/app.ts';

/**
 * The worker's sweep of connector documents left UPLOADED without an ingestion job sends a job for
 * those alone: one still waiting in the queue (the usual case during a large sync, where thousands
 * wait longer than the sweep's age) is left alone, instead of being sent again on every poll.
 */
for (const postgres of [false, true]) {
  t.test(
    `only documents without a live job are queued again (${postgres ? 'PostgreSQL' : 'PGlite'})`,
    async (t) => {
      const { app, ctx } = await buildTestApp(t, postgres ? { postgres: true } : {});
      const { user } = await signUp(app);
      const connectorId = newId('conn');
      await ctx.db
        .insertInto('connectors')
        .values({
          id: connectorId,
          company_id: user.companyId,
          name: 'share',
          kind: 'folder',
          config: JSON.stringify({ path: '/nowhere' }),
          limits: JSON.stringify({ maxItems: 10, maxBytes: 1000, maxDepth: 2 }),
        })
        .execute();
      const doc = async () => {
        const id = newId('doc');
        await ctx.db
          .insertInto('documents')
          .values({
            id,
            company_id: user.companyId,
            name: id,
            format: 'txt',
            mime_type: 'text/plain',
            size_bytes: 10,
            sha256: 'x'.repeat(64),
            storage_key: 'k',
            status: 'UPLOADED',
            metadata: '{}',
            connector_id: connectorId,
            updated_at: new Date(Date.now() - 3_600_000),
          })
          .execute();
        return id;
      };
      const queued = await doc();
      const stranded = await doc();
      await enqueueIngest(ctx.boss, queued);
      const jobsOf = async (id: string) =>
        (await ctx.boss.findJobs(INGEST_QUEUE, { key: id })).filter((j) =>
          ['created', 'retry', 'active'].includes(j.state),
        );

      t.equal(await requeueStranded(ctx.db, ctx.boss, 60_000), 1, 'one document had no job');
      t.equal((await jobsOf(stranded)).length, 1, 'the stranded one has its job now');
      t.equal((await jobsOf(queued)).length, 1, 'the queued one still has its single job');
      t.equal(await requeueStranded(ctx.db, ctx.boss, 60_000), 0, 'nothing to send on the next sweep');

      // Its job gone (e.g. cancelled), the document is stranded in turn.
      const [job] = await jobsOf(queued);
      await ctx.boss.cancel(INGEST_QUEUE, job!.id);
      t.equal(await requeueStranded(ctx.db, ctx.boss, 60_000), 1);
      t.equal((await jobsOf(queued)).length, 1);
      // A document updated within the age bound is not looked at yet.
      const recent = await doc();
      await ctx.db
        .updateTable('documents')
        .set({ updated_at: new Date() })
        .where('id', '=', recent)
        .execute();
      t.equal(await requeueStranded(ctx.db, ctx.boss, 60_000), 0, 'too recent');
    },
  );
}
