import type { FastifyInstance } from 'fastify';
import { signUp } from '../helpers/app.ts';
import { addUser } from '../helpers/users.ts';
import { multipartBody, waitForDocument } from '../helpers/multipart.ts';

/** Words only the HR file contains: any response holding one leaked HR text. */
export const HR_MARKER = 'zebrafruit';
export const HR_TEXT = `# Executive compensation\n\nThe CEO salary is 912,000 kroner a year, paid under the ${HR_MARKER} retention plan. Bonuses are decided by the board in March.\n`;
export const PUBLIC_TEXT = `# Opening hours\n\nThe shop is open from nine to five on weekdays. The CEO salary is not published here; ask about opening hours and returns.\n`;
export const UNFILED_TEXT = `# Office plants\n\nThe ficus in the lobby is watered on Mondays by the facilities team, and the ${'cactusberry'} shelf on Fridays.\n`;
export const UNFILED_MARKER = 'cactusberry';

type Headers = Record<string, string>;

/** One company with a public topic, an HR topic restricted to an HR group, and an unfiled file. */
export interface AccessFixture {
  admin: { headers: Headers; companyId: string };
  users: Record<'editorIn' | 'editorOut' | 'readerIn' | 'readerOut', { id: string; headers: Headers }>;
  keys: Record<'scoped' | 'all' | 'none', string>;
  keyIds: Record<'scoped' | 'all' | 'none', string>;
  topics: { publicId: string; hrId: string };
  docs: { publicId: string; hrId: string; unfiledId: string };
  hrGroupId: string;
}

async function ok(
  res: { statusCode: number; body: string; json(): { data: Record<string, unknown> } },
  code = 200,
) {
  if (res.statusCode !== code) throw new Error(`expected ${code}, got ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** Uploads `text` as a Markdown file (optionally into a topic) and waits until it is VECTORIZED. */
async function uploadText(
  app: FastifyInstance,
  headers: Headers,
  name: string,
  text: string,
  topicId?: string,
) {
  const body = multipartBody(topicId ? { topicId } : {}, { filename: name, bytes: Buffer.from(text) });
  const up = await ok(
    await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    }),
    201,
  );
  const done = await waitForDocument(app, headers, up.id as string, 120_000);
  if (done.status !== 'VECTORIZED') throw new Error(`${name} ended ${done.status}`);
  return up.id as string;
}

/** Builds the fixture through the API, as an admin would. */
export async function accessFixture(app: FastifyInstance): Promise<AccessFixture> {
  const admin = await signUp(app);
  const post = (url: string, payload: object, method = 'POST') =>
    app.inject({ method, url, headers: admin.headers, payload });
  const publicId = (await ok(await post('/api/topics', { name: 'Public' }), 201)).id as string;
  const hrId = (await ok(await post('/api/topics', { name: 'HR' }), 201)).id as string;
  const users = {
    editorIn: await addUser(app, admin, 'COMPANY_EDITOR'),
    editorOut: await addUser(app, admin, 'COMPANY_EDITOR'),
    readerIn: await addUser(app, admin, 'COMPANY_READER'),
    readerOut: await addUser(app, admin, 'COMPANY_READER'),
  };
  const group = await ok(
    await post('/api/groups', { name: 'HR team', memberIds: [users.editorIn.id, users.readerIn.id] }),
    201,
  );
  await ok(
    await post(
      `/api/topics/${hrId}/access`,
      { allMembers: 'none', groups: [{ groupId: group.id, access: 'edit' }] },
      'PUT',
    ),
  );
  await ok(await post(`/api/topics/${publicId}/access`, { allMembers: 'read' }, 'PUT'));
  const docs = {
    publicId: await uploadText(app, admin.headers, 'hours.md', PUBLIC_TEXT, publicId),
    hrId: await uploadText(app, admin.headers, 'compensation.md', HR_TEXT, hrId),
    unfiledId: await uploadText(app, admin.headers, 'plants.md', UNFILED_TEXT),
  };
  const key = async (payload: object) =>
    (await ok(await post('/api/api-keys', { name: 'widget', ...payload }), 201)) as {
      key: string;
      id: string;
    };
  const made = {
    scoped: await key({ topicIds: [publicId] }),
    all: await key({ allDocuments: true }),
    // Creation needs a scope now (issue 38): the key that reads nothing is a scoped one whose topics
    // are emptied afterwards, as an admin pausing a key would (PUT may still empty them).
    none: await key({ topicIds: [publicId] }),
  };
  await ok(await post(`/api/api-keys/${made.none.id}`, { topicIds: [] }, 'PUT'));
  const keys = { scoped: made.scoped.key, all: made.all.key, none: made.none.key };
  const keyIds = { scoped: made.scoped.id, all: made.all.id, none: made.none.id };
  return {
    admin: { headers: admin.headers, companyId: admin.user.companyId },
    users,
    keys,
    keyIds,
    topics: { publicId, hrId },
    docs,
    hrGroupId: group.id as string,
  };
}
