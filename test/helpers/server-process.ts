import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `node src/server.ts` as a child process with `env` on top of a minimal environment (the real
 * entry point: signals, probes and exit codes are what an orchestrator sees). Killed at teardown.
 */
export function startServer(
  t: { teardown: (fn: () => unknown) => void },
  env: Record<string, string>,
): ServerProcess {
  const child = spawn(process.execPath, [resolve('src/server.ts')], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.on('exit', (code, signal) => r({ code, signal })),
  );
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => out, exited };
}

/** Polls `url` until it answers `status` (default 200), up to `ms`. */
export async function waitFor(url: string, ms = 120_000, status = 200): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const res = await fetch(url).catch(() => null);
    if (res?.status === status) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/**
 * The port a server started with `PORT=0` and `LOG_LEVEL=info` bound, read from Fastify's
 * "Server listening at http://host:port" log line. The kernel picks the port at bind time, so two
 * tests running in parallel never race for one (a port from `freePort()` can be taken between the
 * check and the server's bind). Throws with the server's output when it exits or `ms` passes first.
 */
export async function listeningPort(server: ServerProcess, ms = 180_000): Promise<number> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output());
    if (match) return Number(match[1]);
    if (exited) throw new Error(`server exited before listening:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not listen within ${ms} ms:\n${server.output()}`);
}
