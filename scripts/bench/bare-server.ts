/**
 * The baseline of `npm run bench:http`: a bare `node:http` server answering every request with a
 * fixed JSON body the size of a small API response. Usage: node scripts/bench/bare-server.ts PORT
 */
import { createServer } from 'node:http';

const body = JSON.stringify({ success: true, data: { status: 'ok', version: '3.5.0' } });
createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.('listening'));
