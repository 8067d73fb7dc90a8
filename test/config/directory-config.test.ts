import t from 'tap';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oidcProvidersConfig } from '../../src/config/oidc.ts';
import { ldapConfig } from '../../src/config/ldap.ts';
import { shortName } from '../../src/auth/directory/mapping.ts';

const base = {
  id: 'kc',
  issuer: 'https://sso.example.org/realms/acme',
  clientId: 'cograg',
  clientSecret: 's',
  domains: ['example.org'],
};
const oidc = (providers: unknown) => () => oidcProvidersConfig({ OIDC_PROVIDERS: JSON.stringify(providers) });

t.test('OIDC_PROVIDERS is validated at start, naming the provider and the field', async (t) => {
  t.same(oidcProvidersConfig({}), [], 'unset: none');
  const [p] = oidcProvidersConfig({ OIDC_PROVIDERS: JSON.stringify([base]) });
  t.match(p, {
    id: 'kc',
    name: 'kc',
    scopes: 'openid email profile',
    emailClaim: 'email',
    requireVerifiedEmail: true,
  });
  t.equal(p!.clockToleranceSeconds, 30);
  t.throws(() => oidcProvidersConfig({ OIDC_PROVIDERS: '[{' }), /OIDC_PROVIDERS is not valid JSON/);
  t.throws(oidc({}), /must be a JSON array/);
  t.throws(oidc([{ ...base, id: 'Key Cloak' }]), /provider 0: "id" must be/);
  t.throws(oidc([{ ...base, issuer: undefined }]), /provider "kc": "issuer" is required/);
  t.throws(oidc([{ ...base, issuer: 'http://sso.example.org' }]), /"issuer" must be https/);
  t.doesNotThrow(oidc([{ ...base, issuer: 'http://127.0.0.1:8080/realms/x' }]), 'http on loopback');
  t.doesNotThrow(oidc([{ ...base, issuer: 'http://sso.internal', allowHttp: true }]), 'http when allowed');
  t.throws(oidc([{ ...base, scopes: 'email' }]), /"scopes" must include openid/);
  t.throws(oidc([{ ...base, domains: [] }]), /set "companyId" .* or "domains"/);
  t.throws(oidc([{ ...base, clientSecert: 'typo' }]), /unknown field\(s\) clientSecert/);
  t.throws(oidc([{ ...base, roles: { admins: 'ROOT' } }]), /roles\["admins"\] must be one of COMPANY_READER/);
  t.throws(oidc([base, base]), /the id "kc" is used twice/);
  t.throws(() => oidcProvidersConfig({ OIDC_PROVIDERS: '[]', OIDC_PROVIDERS_FILE: '/x' }), /not both/);
  const dir = mkdtempSync(join(tmpdir(), 'cograg-oidc-config-'));
  writeFileSync(join(dir, 'providers.json'), JSON.stringify([base]));
  t.equal(oidcProvidersConfig({ OIDC_PROVIDERS_FILE: join(dir, 'providers.json') }).length, 1, 'from a file');
  t.throws(() => oidcProvidersConfig({ OIDC_PROVIDERS_FILE: join(dir, 'missing.json') }), /cannot be read/);
});

t.test('LDAP_CONFIG is validated at start', async (t) => {
  const ok = {
    url: 'ldaps://dc1.corp.example:636',
    bindDn: 'CN=svc',
    bindPassword: 'p',
    userBase: 'DC=corp',
    domains: ['corp.example'],
  };
  const ldap = (o: unknown) => () => ldapConfig({ LDAP_CONFIG: JSON.stringify(o) });
  t.equal(ldapConfig({}), null, 'unset: none');
  t.match(ldapConfig({ LDAP_CONFIG: JSON.stringify(ok) }), {
    groupAttribute: 'memberOf',
    idAttribute: 'entryUUID',
    syncIntervalSeconds: 900,
  });
  t.throws(ldap({ ...ok, url: 'http://dc1' }), /"url" must be ldap:\/\//);
  t.throws(ldap({ ...ok, url: 'ldaps://dc1', startTls: true }), /"startTls" is for ldap:\/\//);
  t.throws(ldap({ ...ok, bindPassword: undefined }), /go together/);
  t.throws(ldap({ ...ok, bindDn: undefined, bindPassword: undefined }), /userDnTemplate/);
  t.throws(ldap({ ...ok, userFilter: '(uid=alice)' }), /must contain \{user\}/);
  t.throws(ldap({ ...ok, caFile: '/nonexistent/ca.pem' }), /"caFile" cannot be read/);
  t.throws(
    () => ldapConfig({ LDAP_CONFIG: JSON.stringify(ok), LDAP_SYNC_INTERVAL_SECONDS: '-1' }),
    /LDAP_SYNC_INTERVAL_SECONDS/,
  );
});

t.test('group short names', async (t) => {
  t.equal(shortName('CN=RAG-Finance,OU=Groups,DC=corp,DC=example'), 'rag-finance');
  t.equal(shortName('cn=Smith\\, Team,ou=groups'), 'smith, team');
  t.equal(shortName('/staff/Engineering'), 'engineering');
  t.equal(shortName('Engineering'), 'engineering');
});
