import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { freePort } from '../helpers/server-process.ts';
import { connectorApp, createConnector } from './helpers.ts';
import { EDITED_A, FILES, mirrorScenario, NEW_E } from './scenario.ts';

/** WebDAV source against wsgidav (PyPI, `.venv-webdav`), started here on 127.0.0.1 with basic auth. */
const WSGIDAV = resolve('.venv-webdav/bin/wsgidav');

t.test(
  'webdav: a collection mirrored through PROPFIND and ETags',
  {
    skip: existsSync(WSGIDAV)
      ? false
      : `no ${WSGIDAV}: python3 -m venv .venv-webdav && .venv-webdav/bin/pip install wsgidav==4.4.0 cheroot==11.1.2`,
  },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'cograg-dav-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const root = join(dir, 'root');
    const write = (key: string, body: string) => {
      mkdirSync(dirname(join(root, key)), { recursive: true });
      writeFileSync(join(root, key), body);
    };
    for (const [key, body] of Object.entries(FILES)) write(key, body);
    const port = await freePort();
    const conf = join(dir, 'wsgidav.json');
    writeFileSync(
      conf,
      JSON.stringify({
        host: '127.0.0.1',
        port,
        provider_mapping: { '/dav': root },
        http_authenticator: { accept_basic: true, accept_digest: false, default_to_digest: false },
        simple_dc: { user_mapping: { '*': { alice: { password: 'wonderland' } } } },
        verbose: 1,
        logging: { enable_loggers: [] },
      }),
    );
    const server = spawn(WSGIDAV, ['-c', conf], { stdio: 'ignore' });
    t.teardown(() => void server.kill('SIGTERM'));
    const base = `http://127.0.0.1:${port}/dav/`;
    for (let i = 0; ; i++) {
      const up = await fetch(base, { method: 'OPTIONS' }).then(
        () => true,
        () => false,
      );
      if (up) break;
      if (i > 150) throw new Error('wsgidav did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const { app, ctx, admin } = await connectorApp(t, { CONNECTOR_ALLOWLIST: '127.0.0.1' });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/connectors',
      headers: admin.headers,
      payload: {
        name: 'Wrong password',
        kind: 'webdav',
        config: { url: base, username: 'alice' },
        secret: 'nope',
      },
    });
    const wrong = bad.json().data.id;
    const connector = await createConnector(app, admin.headers, {
      name: 'DAV',
      kind: 'webdav',
      config: { url: base, username: 'alice' },
      secret: 'wonderland',
    });
    await mirrorScenario(
      t,
      { app, ctx, headers: admin.headers, connectorId: connector.id },
      (key) => base + key,
      async () => {
        await new Promise((r) => setTimeout(r, 1100)); // a new mtime second for the edited file
        write('a.txt', EDITED_A);
        rmSync(join(root, 'b.txt'));
        mkdirSync(join(root, 'moved'));
        renameSync(join(root, 'sub/c.txt'), join(root, 'moved/c.txt'));
        write('e.txt', NEW_E);
      },
    );
    const { syncAndWait } = await import('./helpers.ts');
    const failed = await syncAndWait(app, admin.headers, wrong);
    t.equal(failed.status, 'failed', 'a wrong password fails the run');
    t.match(String(failed.error), /401/);
  },
);
