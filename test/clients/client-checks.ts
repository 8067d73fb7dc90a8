import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What packages.test.ts runs with each installed client package besides its README example:
 * concurrent calls on a session whose access token is refused (each gets a 401) must share one
 * refresh and all succeed, the session still valid after (Python: threads, then asyncio tasks,
 * one refresh each); a stream holding an event type this
 * version does not know must be read to its end with that event skipped. Each script prints one
 * JSON line: `{ statuses, refreshes, after, kinds }`.
 */

/** How many calls hit the 401 at once. */
export const CONCURRENT = 6;

/** The TypeScript check, run with Node against the installed `@cog-rag/client`. */
export const TS_CHECK = `
import { createClient, streamChat, TokenSession } from '@cog-rag/client';

const [baseUrl = '', email = '', password = '', sseUrl = ''] = process.argv.slice(2);
const signedIn = await TokenSession.login(baseUrl, { email, password });
let refreshes = 0;
const counting: typeof fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  if (url.endsWith('/api/auth/refresh')) refreshes += 1;
  return fetch(input, init);
};
// A refused access token with the real refresh token: every call below first gets a 401.
const session = new TokenSession(baseUrl, { ...signedIn.tokens, accessToken: 'expired' }, { fetch: counting });
const client = createClient({ baseUrl, session, fetch: counting });
const statuses = await Promise.all(
  Array.from({ length: ${CONCURRENT} }, () => client.GET('/api/topics').then((r) => r.response.status)),
);
const after = (await client.GET('/api/topics')).response.status;
const kinds: string[] = [];
for await (const event of streamChat(createClient({ baseUrl: sseUrl }), { message: 'q' })) kinds.push(event.type);
console.log(JSON.stringify({ statuses, refreshes, after, kinds }));
`;

/** The Python check, run in the venv the wheel was installed into. */
export const PY_CHECK = `
import asyncio
import json
import sys
from concurrent.futures import ThreadPoolExecutor

from cog_rag_client import Client, TokenSession, session_client, stream_chat

base_url, email, password, sse_url = sys.argv[1:]
signed_in = TokenSession.login(base_url, email, password)
refreshes = 0


def count(access: str, refresh: str) -> None:
    global refreshes
    refreshes += 1


# A refused access token with the real refresh token: every call below first gets a 401.
session = TokenSession(base_url, "expired", signed_in.refresh_token, on_tokens=count)
http = session_client(session).get_httpx_client()
with ThreadPoolExecutor(${CONCURRENT}) as pool:
    statuses = list(pool.map(lambda _: http.get("/api/topics").status_code, range(${CONCURRENT})))
after = http.get("/api/topics").status_code


async def concurrently() -> list[int]:
    """The same with asyncio tasks on the async client (the session's pair is current again)."""
    tasks = TokenSession(base_url, "expired", session.refresh_token, on_tokens=count)
    async_http = session_client(tasks).get_async_httpx_client()
    answers = await asyncio.gather(*(async_http.get("/api/topics") for _ in range(${CONCURRENT})))
    return [answer.status_code for answer in answers]


statuses += asyncio.run(concurrently())
kinds = [str(event.type_) for event in stream_chat(Client(base_url=sse_url), "q")]
print(json.dumps({"statuses": statuses, "refreshes": refreshes, "after": after, "kinds": kinds}))
`;

/**
 * A stand-in for a newer server's stream route (the shape docs/api.md describes, plus an event
 * type this version does not know and a comment): answers any POST with this SSE body. Returns
 * its base URL and the server, to close.
 */
export async function futureStreamServer(): Promise<{ url: string; server: Server }> {
  const events = [
    'data: {"type":"token","content":"Hello"}\n\n',
    'event: preview\ndata: {"type":"citation.preview","index":1}\n\n',
    ': ping\n\n',
    'data: {"type":"sources","sources":[]}\n\n',
    'data: {"type":"done","citationMap":{},"conversationId":"conv_future","messageId":"msg_future"}\n\n',
  ];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.end(events.join(''));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
