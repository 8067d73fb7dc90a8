import t from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { upload } from '../helpers/ingestion.ts';

/**
 * Unauthenticated `/api/ready` shows the ingestion queue as totals over every company, never one
 * tenant's figures or names (issue 22: the audit read each tenant's queue depth there).
 */
t.test('/api/ready: queue totals only, nothing of any company', async (t) => {
  const { app } = await buildTestApp(t); // no worker: uploads stay queued
  const a = await signUp(app);
  const b = await signUp(app);
  await upload(app, a.headers, 'a.txt', Buffer.from('Pier 4 opens at six.'));
  await upload(app, a.headers, 'b.txt', Buffer.from('Pier 5 opens at seven.'));
  await upload(app, b.headers, 'c.txt', Buffer.from('The crane is inspected weekly.'));
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  t.equal(res.statusCode, 200);
  t.same(res.json().data.ingestionQueue, { queued: 3, active: 0 }, 'the totals of both companies');
  t.same(Object.keys(res.json().data).sort(), ['database', 'ingestionQueue', 'status']);
  for (const who of [a, b]) {
    t.notMatch(res.body, who.user.companyId, 'no company id');
    t.notMatch(res.body, who.email, 'no company name');
  }
});
