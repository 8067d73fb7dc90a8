import type { Test } from 'tap';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

/** Topic A's document: what a key scoped to A may answer from. */
export const ZEPHYR =
  'Zephyr heat pump warranty.\n\nThe Zephyr heat pump warranty lasts 7 years from the date of installation. ' +
  'The warranty covers the compressor and the fan. Claims are filed with the installer.\n';
/** Topic B's document: outside key A's scope. */
export const ORION =
  'Orion project budget.\n\nThe Orion project budget is 4.2 million euros for the year 2026. ' +
  'The Orion project is led by the research department in Lyon.\n';
/** Another company's document. */
export const NEBULA =
  'Nebula release plan.\n\nThe Nebula release ships on the 14th of March. The Nebula team has nine engineers.\n';

/**
 * The app with a worker, listening on a real port: company 1 (topics A and B, one document each),
 * its admin's token, a key scoped to topic A and a key of company 2 (its own Nebula document,
 * every document). Documents are vectorized before it returns.
 */
export async function openAiFixture(t: Test) {
  const { app } = await buildTestApp(t, { worker: true });
  const admin = await signUp(app);
  const other = await signUp(app);
  const topic = async (name: string) =>
    (
      await app.inject({ method: 'POST', url: '/api/topics', headers: admin.headers, payload: { name } })
    ).json().data.id as string;
  const topicA = await topic('Heat pumps');
  const topicB = await topic('Projects');
  const upload = async (
    headers: Record<string, string>,
    filename: string,
    text: string,
    topicId?: string,
  ) => {
    const body = multipartBody(topicId ? { topicId } : {}, {
      filename,
      bytes: Buffer.from(text),
      contentType: 'text/plain',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    const id = res.json().data.id as string;
    t.equal((await waitForDocument(app, headers, id)).status, 'VECTORIZED', `${filename} vectorized`);
    return id;
  };
  const zephyrId = await upload(admin.headers, 'zephyr-warranty.txt', ZEPHYR, topicA);
  const orionId = await upload(admin.headers, 'orion-budget.txt', ORION, topicB);
  await upload(other.headers, 'nebula-plan.txt', NEBULA);
  const key = async (headers: Record<string, string>, payload: object) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers,
        payload: { name: 'openai', environment: 'test', ...payload },
      })
    ).json().data.key as string;
  const keyA = await key(admin.headers, { topicIds: [topicA] });
  const otherKey = await key(other.headers, { allDocuments: true });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, address, admin, topicA, topicB, zephyrId, orionId, keyA, otherKey };
}
