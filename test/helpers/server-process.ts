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
