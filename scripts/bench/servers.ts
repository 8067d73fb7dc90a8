/**
 * Child processes for `npm run bench:http`: the app (`node src/server.ts`, as `npm start` runs it)
 * and the bare baseline, each on its own free local port, so the load generator never shares a
 * process with the server it measures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (bound and released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
export async function waitUntilUp(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

export interface Running {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function running(child: ChildProcess, port: number): Running {
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts the app with `env` added to this process's environment; resolves once /api/ready answers,
 * as a load balancer would send traffic: after the schemas' warm-up (plugins/serialization.ts).
 */
export async function startApp(env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = fork('src/server.ts', [], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await waitUntilUp(`http://127.0.0.1:${port}/api/ready`);
  return running(child, port);
}

/** Starts the bare node:http baseline. */
export async function startBare(): Promise<Running> {
  const port = await freePort();
  const child = fork('scripts/bench/bare-server.ts', [String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await waitUntilUp(`http://127.0.0.1:${port}/`);
  return running(child, port);
}
