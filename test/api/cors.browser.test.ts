import t from 'tap';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildTestApp, signUp } from '../helpers/app.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../helpers/browser.ts';

/**
 * A browser app on another origin (issue 38), in Debian's Chromium: a page served from its own
 * local port, listed in CORS_ORIGINS, signs in with the refresh cookie (credentials), renames
 * (PUT) and deletes a topic through fetch with the bearer token, and reads X-RateLimit-Remaining
 * and X-Request-Id from the answers. The same calls from an unlisted origin are blocked.
 */

/** A one-page site on 127.0.0.1 at its own port: the "browser app". */
async function site(t: { teardown(fn: () => unknown): void }): Promise<string> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Browser app</title><h1>Browser app</h1>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  t.teardown(() => new Promise((done) => server.close(done)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** What the page's script reports about one call. */
interface Seen {
  status: number;
  remaining: string | null;
  limit: string | null;
  requestId: string | null;
  body: { success: boolean; data?: { name?: string; accessToken?: string } };
}

/** Runs in the page: the calls a browser app makes, all cross-origin (fetch as in Node's types). */
async function appCalls(a: { api: string; email: string; password: string; topicId: string }) {
  const seen = async (res: Response): Promise<Seen> => ({
    status: res.status,
    remaining: res.headers.get('X-RateLimit-Remaining'),
    limit: res.headers.get('X-RateLimit-Limit'),
    requestId: res.headers.get('X-Request-Id'),
    body: (await res.json()) as Seen['body'],
  });
  const json = { 'Content-Type': 'application/json' };
  // Sign in with the refresh token as an httpOnly cookie, then refresh with it: credentials.
  const login = await seen(
    await fetch(`${a.api}/api/auth/login`, {
      method: 'POST',
      credentials: 'include',
      headers: { ...json, 'X-Refresh-Cookie': '1' },
      body: JSON.stringify({ email: a.email, password: a.password }),
    }),
  );
  const refresh = await seen(
    await fetch(`${a.api}/api/auth/refresh`, {
      method: 'POST',
      credentials: 'include',
      headers: { ...json, 'X-Refresh-Cookie': '1' },
      body: '{}',
    }),
  );
  const bearer = { Authorization: `Bearer ${refresh.body.data?.accessToken}` };
  const rename = await seen(
    await fetch(`${a.api}/api/topics/${a.topicId}`, {
      method: 'PUT',
      headers: { ...json, ...bearer, 'X-Request-Id': 'browser-app-rename-1' },
      body: JSON.stringify({ name: 'Renamed from the browser app' }),
    }),
  );
  const remove = await seen(
    await fetch(`${a.api}/api/topics/${a.topicId}`, { method: 'DELETE', headers: bearer }),
  );
  return { login, refresh, rename, remove };
}

/** From a page of an unlisted origin: the PUT must not get through. */
async function blockedCall(a: { api: string; token: string; topicId: string }) {
  try {
    const res = await fetch(`${a.api}/api/topics/${a.topicId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ name: 'Should not happen' }),
    });
    return `answered ${res.status}`;
  } catch (err) {
    return `blocked: ${(err as Error).name}`;
  }
}

t.test(
  'a page on another origin renames and deletes a topic and reads the headers',
  { skip: CHROMIUM ? false : 'no chromium on PATH' },
  async (t) => {
    const origin = await site(t);
    const unlisted = await site(t);
    const { app } = await buildTestApp(t, { env: { CORS_ORIGINS: origin, RATE_LIMIT_ENABLED: 'true' } });
    const api = await app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signUp(app);
    const topic = await app.inject({
      method: 'POST',
      url: '/api/topics',
      headers: admin.headers,
      payload: { name: 'Handbook' },
    });
    const topicId = topic.json().data.id as string;

    const browser = await chromium.launch({ executablePath: CHROMIUM!, args: CHROMIUM_ARGS });
    t.teardown(() => browser.close());
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    const out = await page.evaluate(appCalls, {
      api,
      email: admin.email,
      password: admin.password,
      topicId,
    });
    t.equal(out.login.status, 200, 'signed in from the other origin');
    t.equal(out.refresh.status, 200, 'the refresh cookie came back with credentials: include');
    t.equal(out.rename.status, 200, 'PUT renamed the topic');
    t.equal(out.rename.body.data?.name, 'Renamed from the browser app');
    t.equal(out.rename.requestId, 'browser-app-rename-1', 'the request id is readable');
    t.match(out.rename.remaining, /^\d+$/, 'X-RateLimit-Remaining is readable');
    t.equal(out.rename.limit, '300');
    t.equal(out.remove.status, 200, 'DELETE removed it');
    t.match(out.remove.requestId, /^[0-9a-f-]{36}$/, 'a generated request id is readable too');
    t.ok(Number(out.remove.remaining) < Number(out.rename.remaining), 'the counter went down');
    const names = async () =>
      (
        (await app.inject({ url: '/api/topics', headers: admin.headers })).json().data.items as {
          name: string;
        }[]
      ).map((x) => x.name);
    t.same(await names(), [], 'the topic is gone');

    // The same rename from an origin CORS_ORIGINS does not list: the preflight grants nothing.
    const again = await app.inject({
      method: 'POST',
      url: '/api/topics',
      headers: admin.headers,
      payload: { name: 'Policies' },
    });
    const other = await browser.newPage();
    await other.goto(`${unlisted}/`);
    const blocked = await other.evaluate(blockedCall, {
      api,
      token: admin.token,
      topicId: again.json().data.id,
    });
    t.equal(blocked, 'blocked: TypeError', 'fetch fails in the page');
    t.same(await names(), ['Policies'], 'and the topic was not renamed');
  },
);
