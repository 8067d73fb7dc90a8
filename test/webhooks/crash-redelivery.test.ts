import t from 'tap';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildTestApp, MODELS_DIR } from '../helpers/app.ts';
import { eventually, startReceiver } from '../helpers/receiver.ts';

/**
 * Kills a real server process (SIGKILL) while its worker waits on a webhook receiver, then starts
 * the app again on the same DATA_DIR: once the dead worker's lease expires, the delivery is sent
 * again with the same webhook-id and a valid signature, and recorded as delivered.
 */
t.test('a worker killed mid-delivery delivers after restart, same webhook-id', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cograg-whcrash-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  let onFirst: () => void = () => {};
  const firstArrived = new Promise<void>((r) => (onFirst = r));
  const receiver = await startReceiver(t, (_path, n) => {
    if (n === 0) {
      onFirst();
      return 'hang';
    }
    return 200;
  });
  const port = 30000 + Math.floor(Math.random() * 20000);
  const shared = {
    JWT_SECRET: 'webhook-crash-secret-at-least-32-bytes',
    // The operator lets every company's webhooks reach this one loopback receiver.
    WEBHOOK_PRIVATE_TARGETS: `*=${receiver.base.slice('http://'.length)}`,
    WEBHOOK_POLL_MS: '50',
    // The lease a claim takes is 2 × timeout + 1 s: 5 s here.
    WEBHOOK_TIMEOUT_MS: '2000',
  };
  const server = spawn(process.execPath, [resolve('src/server.ts')], {
    env: {
      ...process.env,
      ...shared,
      DATA_DIR: dataDir,
      MODELS_DIR,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      ADMIN_EMAIL: 'wh@example.com',
      ADMIN_PASSWORD: 'webhook crash password',
      MODELS_SOURCE: 'pypi',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  t.teardown(() => void server.kill('SIGKILL'));
  const base = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok, 300_000).catch(
    () => {
      throw new Error(`server did not start:\n${output}`);
    },
  );
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { data: Record<string, string> } };
  };
  const token = (
    await post('/api/auth/login', { email: 'wh@example.com', password: 'webhook crash password' })
  ).json.data.accessToken!;
  const hook = await post(
    '/api/webhooks',
    { url: `${receiver.base}/hook`, events: ['conversation.created'] },
    token,
  );
  t.equal(hook.status, 201);
  receiver.secrets.set('/hook', hook.json.data.secret!);
  t.equal((await post('/api/conversations', {}, token)).status, 201);

  await firstArrived;
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  t.equal(receiver.received.length, 1, 'the first attempt reached the receiver, then the worker died');

  const { ctx } = await buildTestApp(t, { dataDir, webhooks: true, env: shared });
  const delivered = await eventually(
    () =>
      ctx.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('status', '=', 'delivered')
        .executeTakeFirst(),
    60_000,
  );
  const [first, second] = receiver.received;
  t.equal(receiver.received.length, 2, 'sent once more after the restart');
  t.equal(second!.id, first!.id, 'same webhook-id');
  t.equal(second!.id, delivered.id, 'the delivery row is the webhook-id');
  t.equal(second!.body, first!.body, 'same body');
  t.ok(first!.verified && second!.verified, 'both signatures verify with the secret shown at creation');
  t.equal(delivered.attempts, 2);
});
