import t from 'tap';
import { Writable } from 'node:stream';
import { buildApp, loggerOptions } from '../../src/app.ts';
import { REDACTED, redactUrl, userinfoOf, withoutUserinfo } from '../../src/lib/redact.ts';
import { buildTestApp } from '../helpers/app.ts';

/** Keys, tokens and secrets stay out of logs; userinfo out of stored and shown URLs (issue 36). */

t.test('redactUrl table', async (t) => {
  const R = REDACTED;
  const table: [string, string][] = [
    ['/widget/demo?key=svc_live_abc123', `/widget/demo?key=${R}`],
    ['/widget/demo?key=svc_live_abc123&theme=dark', `/widget/demo?key=${R}&theme=dark`],
    ['/x?token=t&secret=s&password=p&api_key=k', `/x?token=${R}&secret=${R}&password=${R}&api_key=${R}`],
    [
      '/x?API-Key=k&apiKey=k2&access_token=a&client_secret=c',
      `/x?API-Key=${R}&apiKey=${R}&access_token=${R}&client_secret=${R}`,
    ],
    [
      '/x?refreshToken=r&visitorToken=v&sig=s&code=c',
      `/x?refreshToken=${R}&visitorToken=${R}&sig=${R}&code=${R}`,
    ],
    ['/x?%6Bey=encoded-name', `/x?%6Bey=${R}`],
    ['/x?key', '/x?key'],
    ['/x?key=a&key=b', `/x?key=${R}&key=${R}`],
    ['/api/documents?limit=10&cursor=abc&q=salary', '/api/documents?limit=10&cursor=abc&q=salary'],
    ['/x?topic=a#key=frag', '/x?topic=a#key=frag'],
    ['/x?key=a#frag', `/x?key=${R}#frag`],
    ['/no/query', '/no/query'],
    ['/weird?%E0%A4%A=1&token=x', `/weird?%E0%A4%A=1&token=${R}`],
    ['http://u:p@host/x?token=1', `http://host/x?token=${R}`],
  ];
  for (const [url, want] of table) t.equal(redactUrl(url), want, url);
});

t.test('withoutUserinfo and userinfoOf tables', async (t) => {
  const table: [string, string, { username: string; password: string } | null][] = [
    [
      'http://alice:s3cret@example.com/dav/',
      'http://example.com/dav/',
      { username: 'alice', password: 's3cret' },
    ],
    ['https://alice@example.com/', 'https://example.com/', { username: 'alice', password: '' }],
    ['https://:pw@example.com/', 'https://example.com/', { username: '', password: 'pw' }],
    [
      'http://a%40b:p%24ss@example.com:8080/x?y=1#z',
      'http://example.com:8080/x?y=1#z',
      { username: 'a@b', password: 'p$ss' },
    ],
    ['https://example.com/Some%20Path?q=1', 'https://example.com/Some%20Path?q=1', null],
    ['file:///srv/share/a.pdf', 'file:///srv/share/a.pdf', null],
    ['s3://bucket/key', 's3://bucket/key', null],
    ['not a url', 'not a url', null],
    ['', '', null],
  ];
  for (const [raw, stripped, info] of table) {
    t.equal(withoutUserinfo(raw), stripped, `withoutUserinfo ${raw}`);
    t.same(userinfoOf(raw), info, `userinfoOf ${raw}`);
  }
});

t.test('request log lines carry no widget key, token or secret', async (t) => {
  const { ctx } = await buildTestApp(t);
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = await buildApp(ctx, { logger: loggerOptions('info', stream) });
  // Anything else that logs a request object goes through the app's `req` serializer too.
  app.addHook('onRequest', async (request) => request.log.info({ req: request }, 'seen'));
  t.teardown(() => app.close());
  const secrets = ['svc_live_SECRETKEY1', 'VISITORTOKEN2', 'HUNTER3', 'APIKEY4'];
  await app.inject({ method: 'GET', url: `/widget/demo?key=${secrets[0]}&theme=dark` });
  await app.inject({ method: 'GET', url: `/api/public/topics?token=${secrets[1]}&password=${secrets[2]}` });
  await app.inject({ method: 'GET', url: `/api/documents?api_key=${secrets[3]}` });
  const log = JSON.stringify(lines);
  for (const secret of secrets) t.notOk(log.includes(secret), `${secret} is not in the log`);
  const completed = lines.filter((l) => l.msg === 'request completed' || l.msg === 'request errored');
  t.same(
    completed.map((l) => l.url),
    [
      `/widget/demo?key=${REDACTED}&theme=dark`,
      `/api/public/topics?token=${REDACTED}&password=${REDACTED}`,
      `/api/documents?api_key=${REDACTED}`,
    ],
    'one line per request, the URL redacted',
  );
  const seen = lines.filter((l) => l.msg === 'seen').map((l) => (l.req as { url: string }).url);
  t.same(seen[0], `/widget/demo?key=${REDACTED}&theme=dark`, 'the req serializer redacts too');
});
