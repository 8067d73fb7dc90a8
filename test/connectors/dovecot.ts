import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/server-process.ts';

/** Debian's dovecot-imapd binary (apt-get install dovecot-imapd; .ci/run installs it). */
export const DOVECOT = '/usr/sbin/dovecot';
export const haveDovecot = () => existsSync(DOVECOT);

/**
 * Runs Dovecot in the foreground as this test's own process, from a generated config: IMAP on a
 * loopback port, plaintext (loopback only), one user from a passwd-file, Maildir under a temp dir.
 */
export async function startDovecot(user: string, password: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cograg-dovecot-'));
  for (const d of ['run', 'state', 'mail', 'home']) mkdirSync(join(dir, d), { recursive: true });
  const port = await freePort();
  // Dovecot never gives mail to uid 0: as root, mail belongs to its own `dovecot` user.
  let uid = process.getuid?.() ?? 0;
  let gid = process.getgid?.() ?? 0;
  if (uid === 0) {
    const entry = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('dovecot:'));
    if (!entry) throw new Error('no dovecot user in /etc/passwd');
    [uid, gid] = entry.split(':').slice(2, 4).map(Number) as [number, number];
    for (const d of ['mail', 'home']) chownSync(join(dir, d), uid, gid);
  }
  // The auth process runs as Dovecot's internal user: it must reach the passwd-file.
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`, { mode: 0o644 });
  // Not root: every Dovecot process runs as this user.
  const self =
    process.getuid?.() === 0
      ? ''
      : `default_internal_user = ${userInfo().username}\ndefault_login_user = ${userInfo().username}\n`;
  writeFileSync(
    join(dir, 'dovecot.conf'),
    `${self}base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 0
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
service submission-login {
  inet_listener submission {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0600
  }
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => (s.end(), resolve(true)));
      s.on('error', () => resolve(false));
    });
    if (up) break;
    if (i > 100) throw new Error(`dovecot did not start (see ${dir}/dovecot.log)`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    dir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
