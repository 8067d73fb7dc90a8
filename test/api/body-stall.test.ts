import t from 'tap';
import { connect, type Socket } from 'node:net';
import { buildTestApp, signUp } from '../helpers/app.ts';

/** Opens a raw connection and sends `head`; resolves with what the server answers and when it closes. */
async function rawRequest(port: number, head: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  let answer = '';
  socket.on('data', (d: Buffer) => (answer += d.toString()));
  const closed = new Promise<number>((r) => socket.once('close', () => r(performance.now())));
  socket.on('error', () => {});
  socket.write(head);
  return { socket, closed, answer: () => answer };
}

t.test('an upload body that stalls is cut with 408 in the envelope; a slow one is not', async (t) => {
  const { app } = await buildTestApp(t, {
    env: { REQUEST_BODY_IDLE_SECONDS: '2', RATE_LIMIT_ENABLED: 'false' },
  });
  const alice = await signUp(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const boundary = 'stall';
  const head =
    `POST /api/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${alice.headers.authorization}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nThe first bytes, then nothing.`;

  const stalled = await rawRequest(port, head);
  const sentAt = performance.now();
  const closedAt = await stalled.closed;
  const seconds = (closedAt - sentAt) / 1000;
  t.ok(
    seconds >= 1.9 && seconds < 5,
    `closed ${seconds.toFixed(2)} s after the body went quiet (idle limit 2 s)`,
  );
  const [status, , body] = [
    /^HTTP\/1\.1 (\d+)/.exec(stalled.answer())?.[1],
    null,
    stalled.answer().split('\r\n\r\n')[1],
  ];
  t.equal(status, '408', 'answered 408');
  t.match(
    JSON.parse(body ?? '{}'),
    { success: false, error: { code: 'REQUEST_TIMEOUT' } },
    'in the envelope',
  );
  t.match(stalled.answer(), /connection: close/i);

  // The control: a body that keeps trickling (a byte every 500 ms) is not cut after 3.5 s.
  const slow = await rawRequest(port, head);
  let open = true;
  void slow.closed.then(() => (open = false));
  for (let i = 0; i < 7; i++) {
    await new Promise((r) => setTimeout(r, 500));
    slow.socket.write('x');
  }
  t.ok(open, 'a slow but steady body keeps its connection');
  t.equal(slow.answer(), '', 'and no answer yet');
  slow.socket.destroy();

  // Requests after the cut are served normally.
  const res = await fetch(`http://127.0.0.1:${port}/api/health`);
  t.equal(res.status, 200);
});
