import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Attribute, Change, Client } from 'ldapts';

/** Debian's OpenLDAP server, or null where it is not installed (the tests then skip, saying so). */
export const SLAPD = existsSync('/usr/sbin/slapd') ? '/usr/sbin/slapd' : null;
export const SLAPD_MISSING = 'slapd is not installed (apt-get install -y slapd; .ci/run installs it)';

export const BASE = 'dc=example,dc=org';
export const ADMIN_DN = `cn=admin,${BASE}`;
export const ADMIN_PASSWORD = 'admin-secret';

export interface Slapd {
  /** ldap:// (StartTLS offered) and ldaps:// on 127.0.0.1. */
  url: string;
  ldapsUrl: string;
  /** The PEM file of the CA that signed the server's certificate. */
  caFile: string;
  userDn(uid: string): string;
  groupDn(cn: string): string;
  addUser(uid: string, fields: { mail: string; name: string; password: string }): Promise<void>;
  /** Creates the group or replaces its members (the memberof overlay updates users' memberOf). */
  setGroup(cn: string, memberUids: string[]): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * Starts slapd in the foreground on two free ports with a generated config (mdb database, the
 * memberof overlay so users carry `memberOf` like Active Directory) and a CA + server
 * certificate made with openssl, in a temp dir removed at teardown; seeds `dc=example,dc=org`
 * with `ou=people` and `ou=groups`.
 */
export async function startSlapd(t: { teardown(fn: () => unknown): void }): Promise<Slapd> {
  const dir = mkdtempSync(join(tmpdir(), 'cograg-slapd-'));
  mkdirSync(join(dir, 'data'));
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test LDAP CA',
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    '/CN=127.0.0.1',
  );
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  ssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  );
  writeFileSync(
    join(dir, 'slapd.conf'),
    `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload memberof
pidfile ${dir}/slapd.pid
TLSCACertificateFile ${dir}/ca.pem
TLSCertificateFile ${dir}/server.pem
TLSCertificateKeyFile ${dir}/server.key
database mdb
suffix "${BASE}"
rootdn "${ADMIN_DN}"
rootpw ${ADMIN_PASSWORD}
directory ${dir}/data
overlay memberof
memberof-group-oc groupOfNames
memberof-member-ad member
memberof-memberof-ad memberOf
memberof-refint TRUE
access to attrs=userPassword by self read by anonymous auth by * none
access to * by * read
`,
  );
  const [port, tlsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = `ldaps://127.0.0.1:${tlsPort}`;
  const child = spawn(SLAPD!, ['-d', '0', '-f', join(dir, 'slapd.conf'), '-h', `${url}/ ${ldapsUrl}/`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  t.teardown(async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    rmSync(dir, { recursive: true, force: true });
  });

  const admin = async <T>(work: (c: Client) => Promise<T>): Promise<T> => {
    const c = new Client({ url, timeout: 5000, connectTimeout: 5000 });
    try {
      await c.bind(ADMIN_DN, ADMIN_PASSWORD);
      return await work(c);
    } finally {
      await c.unbind();
    }
  };
  for (let i = 0; ; i++) {
    try {
      await admin(async () => undefined);
      break;
    } catch (err) {
      if (child.exitCode !== null || i > 100)
        throw new Error(`slapd did not start: ${stderr}`, { cause: err });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin(async (c) => {
    await c.add(BASE, { objectClass: ['dcObject', 'organization'], dc: 'example', o: 'Example' });
    await c.add(`ou=people,${BASE}`, { objectClass: 'organizationalUnit', ou: 'people' });
    await c.add(`ou=groups,${BASE}`, { objectClass: 'organizationalUnit', ou: 'groups' });
  });
  const userDn = (uid: string) => `uid=${uid},ou=people,${BASE}`;
  const groupDn = (cn: string) => `cn=${cn},ou=groups,${BASE}`;
  return {
    url,
    ldapsUrl,
    caFile: join(dir, 'ca.pem'),
    userDn,
    groupDn,
    addUser: (uid, f) =>
      admin((c) =>
        c.add(userDn(uid), {
          objectClass: ['inetOrgPerson'],
          uid,
          cn: f.name,
          sn: f.name.split(' ').pop()!,
          displayName: f.name,
          mail: f.mail,
          userPassword: f.password,
        }),
      ),
    setGroup: (cn, uids) =>
      admin(async (c) => {
        // groupOfNames needs one member at least: the admin stands in for an empty group.
        const members = uids.length ? uids.map(userDn) : [ADMIN_DN];
        const { searchEntries } = await c.search(`ou=groups,${BASE}`, { filter: `(cn=${cn})` });
        if (searchEntries.length === 0)
          return c.add(groupDn(cn), { objectClass: 'groupOfNames', cn, member: members });
        await c.modify(
          groupDn(cn),
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: 'member', values: members }),
          }),
        );
      }),
  };
}
