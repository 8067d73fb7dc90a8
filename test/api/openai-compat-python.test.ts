import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openAiFixture } from './openai-compat-fixture.ts';

/** The venv with the official `openai` package and `langchain-openai`, pinned in .ci/run. */
const PYTHON = resolve('.venv-openai/bin/python');
const SCRIPT = resolve('test/python/openai_compat_clients.py');

/** Runs `command` without blocking this process (the server it calls runs here). */
function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(command, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

t.test(
  'the official openai PyPI client and LangChain’s ChatOpenAI against a started server',
  {
    skip: existsSync(PYTHON)
      ? false
      : `no ${PYTHON}: create it as .ci/run does (python3 -m venv .venv-openai && .venv-openai/bin/pip install openai==3.57.0 langchain-openai==1.7.4)`,
  },
  async (t) => {
    const f = await openAiFixture(t);
    const result = await run(PYTHON, [SCRIPT], {
      PATH: process.env.PATH ?? '',
      BASE_URL: `${f.address}/v1`,
      KEY_A: f.keyA,
      TOKEN: f.admin.token,
      ZEPHYR_ID: f.zephyrId,
      ORION_ID: f.orionId,
      NO_PROXY: '127.0.0.1',
    });
    const checks = result.stdout.split('\n').filter((l) => /^(not )?ok - /.test(l));
    for (const line of checks) t.ok(line.startsWith('ok - '), `python ${line.replace(/^(not )?ok - /, '')}`);
    t.ok(checks.length >= 12, `${checks.length} checks ran`);
    t.equal(result.status, 0, `the script passes${result.status ? `: ${result.stderr.slice(-2000)}` : ''}`);
    t.match(result.stdout, /all passed/);
  },
);
