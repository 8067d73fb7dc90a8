import t from 'tap';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { buildTestApp } from '../helpers/app.ts';
import { accessFixture, HR_MARKER } from './fixture.ts';

/**
 * Signed visitors (issue 21): tokens minted with docs/widget.md's own examples are accepted and
 * narrow the key's scope; expired, tampered, wrong-key, widening and deleted-key tokens are
 * refused in the spec's error envelope.
 */
const QUESTION = `What is the CEO salary in the ${HR_MARKER} retention plan?`;
const docs = readFileSync(resolve('docs/widget.md'), 'utf8');
const block = (lang: string) => {
  const start = docs.indexOf('```' + lang + '\n', docs.indexOf('## Signed visitors'));
  return docs.slice(start + lang.length + 4, docs.indexOf('```', start + 3));
};

/** The Python example needs PyJWT: a venv of its own, created when absent (as python-client's). */
const VENV = resolve('.venv-visitor');
function python(): string {
  const bin = join(VENV, 'bin/python');
  if (!existsSync(bin)) {
    execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
    execFileSync(bin, ['-m', 'pip', 'install', '-q', 'PyJWT==2.15.1'], { stdio: 'inherit' });
  }
  return bin;
}

t.test('visitor tokens on the public routes', async (t) => {
  // RS256 keys' JWKS on 127.0.0.1: a tenant-named URL, reached only as an exact target the
  // operator allowed (WEBHOOK_PRIVATE_TARGETS), never through OUTBOUND_ALLOWLIST (issue 36).
  const pair = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'site-1', alg: 'RS256' };
  const server = createServer((_q, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise((r) => server.close(r)));
  const jwksPort = (server.address() as AddressInfo).port;
  const { app } = await buildTestApp(t, {
    worker: true,
    env: { WEBHOOK_PRIVATE_TARGETS: `*=127.0.0.1:${jwksPort}` },
  });
  const f = await accessFixture(app);
  const admin = f.admin.headers;
  const allKey = { id: f.keyIds.all };
  const scopedKey = { id: f.keyIds.scoped };
  const rotate = await app.inject({
    method: 'POST',
    url: `/api/api-keys/${allKey.id}/visitor-secret`,
    headers: admin,
  });
  t.equal(rotate.statusCode, 200);
  const secret = rotate.json().data.visitorSecret as string;
  t.match(secret, /^vis_/);
  const listed = await app.inject({ method: 'GET', url: '/api/api-keys', headers: admin });
  t.notOk(listed.body.includes(secret), 'the secret is shown once');

  // Mint with the documented Node example, word for word.
  const dir = mkdtempSync(join(tmpdir(), 'cog-visitor-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'mint.mjs'), block('js'));
  const { visitorToken } = (await import(join(dir, 'mint.mjs'))) as {
    visitorToken: (secret: string, keyId: string, visitorId: string, topics?: string[]) => string;
  };
  const ask = (token: string | undefined, key = f.keys.all, extra: object = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/public/chat',
      headers: { 'x-api-key': key, ...(token ? { 'x-visitor-token': token } : {}) },
      payload: { message: QUESTION, ...extra },
    });

  const whole = await ask(visitorToken(secret, allKey.id, 'visitor-1'));
  t.equal(whole.statusCode, 200, 'a token from the Node example is accepted');
  t.ok(whole.body.toLowerCase().includes(HR_MARKER), 'without topics: the key’s whole scope');
  const narrowed = await ask(visitorToken(secret, allKey.id, 'visitor-2', [f.topics.publicId]));
  t.equal(narrowed.statusCode, 200);
  t.notOk(narrowed.body.toLowerCase().includes(HR_MARKER), 'topics narrow the key: no HR text');
  const topics = await app.inject({
    method: 'GET',
    url: '/api/public/topics',
    headers: {
      'x-api-key': f.keys.all,
      'x-visitor-token': visitorToken(secret, allKey.id, 'v', [f.topics.publicId]),
    },
  });
  t.same(
    topics.json().data.items.map((x: { name: string }) => x.name),
    ['Public'],
    'topic list follows the token',
  );

  const py = python();
  const script = `${block('python')}\nimport sys\nprint(visitor_token(sys.argv[1], sys.argv[2], "py-visitor", [sys.argv[3]]))\n`;
  writeFileSync(join(dir, 'mint.py'), script);
  const pyToken = execFileSync(py, [join(dir, 'mint.py'), secret, allKey.id, f.topics.publicId], {
    encoding: 'utf8',
  }).trim();
  const fromPython = await ask(pyToken);
  t.equal(fromPython.statusCode, 200, 'a token from the Python example is accepted');
  t.notOk(fromPython.body.toLowerCase().includes(HR_MARKER));

  const now = Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, key = secret) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(key));
  const good = visitorToken(secret, allKey.id, 'v');
  const [h, p, s] = good.split('.');
  const forged = JSON.parse(Buffer.from(p!, 'base64url').toString());
  const refusals: [string, string, number, string?][] = [
    ['expired', await sign({ sub: 'v', aud: allKey.id, iat: now - 4000, exp: now - 400 }), 401],
    [
      'tampered',
      `${h}.${Buffer.from(JSON.stringify({ ...forged, sub: 'admin' })).toString('base64url')}.${s}`,
      401,
    ],
    ['wrong key (aud)', visitorToken(secret, scopedKey.id, 'v'), 401],
    ['signed with another secret', visitorToken('vis_not-the-secret', allKey.id, 'v'), 401],
    ['longer than an hour', await sign({ sub: 'v', aud: allKey.id, iat: now, exp: now + 7200 }), 401],
    ['no exp', await sign({ sub: 'v', aud: allKey.id, iat: now }), 401],
    ['alg none', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`, 401],
    ['on another key', good, 401, f.keys.scoped],
  ];
  for (const [name, token, status, key] of refusals) {
    const res = await ask(token, key ?? f.keys.all);
    t.equal(res.statusCode, status, name);
    t.same(Object.keys(res.json()).sort(), ['error', 'success'], `${name}: the spec's envelope`);
    t.equal(res.json().error.code, 'UNAUTHORIZED');
  }

  // Widening: the scoped key may read only Public; a token naming HR is refused.
  const scopedSecret = (
    await app.inject({ method: 'POST', url: `/api/api-keys/${scopedKey.id}/visitor-secret`, headers: admin })
  ).json().data.visitorSecret as string;
  const widen = await ask(visitorToken(scopedSecret, scopedKey.id, 'v', [f.topics.hrId]), f.keys.scoped);
  t.equal(widen.statusCode, 403, 'topic widening');
  t.equal(widen.json().error.code, 'FORBIDDEN');
  t.equal(
    (await ask(visitorToken(scopedSecret, scopedKey.id, 'v', [f.topics.publicId]), f.keys.scoped)).statusCode,
    200,
  );

  // requireVisitor: anonymous requests refused; rotation invalidates old tokens at once.
  await app.inject({
    method: 'PUT',
    url: `/api/api-keys/${allKey.id}`,
    headers: admin,
    payload: { requireVisitor: true },
  });
  t.equal((await ask(undefined)).statusCode, 401, 'anonymous refused while requireVisitor');
  const before = visitorToken(secret, allKey.id, 'v');
  t.equal((await ask(before)).statusCode, 200);
  await app.inject({ method: 'POST', url: `/api/api-keys/${allKey.id}/visitor-secret`, headers: admin });
  t.equal((await ask(before)).statusCode, 401, 'a rotated secret’s tokens are refused');

  // RS256 with a JWKS URL the key names (the tenant policy; 127.0.0.1:port an allowed target here).
  const jwksUrl = `http://127.0.0.1:${jwksPort}/jwks.json`;
  const set = await app.inject({
    method: 'PUT',
    url: `/api/api-keys/${allKey.id}`,
    headers: admin,
    payload: { visitorJwksUrl: jwksUrl },
  });
  t.equal(set.json().data.visitorTokens, 'rs256');
  const rs = await new SignJWT({ sub: 'rs-visitor', aud: allKey.id, topics: [f.topics.publicId] })
    .setProtectedHeader({ alg: 'RS256', kid: 'site-1' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(pair.privateKey);
  const viaJwks = await ask(rs);
  t.equal(viaJwks.statusCode, 200, 'RS256 through the key’s JWKS');
  t.notOk(viaJwks.body.toLowerCase().includes(HR_MARKER));
  t.equal((await ask(visitorToken(secret, allKey.id, 'v'))).statusCode, 401, 'the HS256 secret is gone');

  // Replay after the key's deletion.
  await app.inject({ method: 'DELETE', url: `/api/api-keys/${allKey.id}`, headers: admin });
  const replay = await ask(rs);
  t.equal(replay.statusCode, 401, 'replay after key deletion');
  t.equal(replay.json().error.code, 'UNAUTHORIZED');
});
