import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import Provider from 'oidc-provider';

/** A directory account of the test provider; `groups` may change between sign-ins. */
export interface Account {
  email: string;
  name: string;
  emailVerified?: boolean;
  groups: string[];
}

export interface TestIdp {
  issuer: string;
  /** Accounts by login name (the `sub`); edit them to change the directory. */
  accounts: Map<string, Account>;
  /** Registers the relying party (our app) once its address is known; starts the provider. */
  register(client: {
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    postLogoutUri: string;
  }): void;
  /** Replaces the signing key (a rotation: the new key is published and used at once). */
  rotateKey(): Promise<void>;
  /** The current signing key, to sign tokens of our own (forged responses in tests). */
  signingKey(): { kid: string; privateKey: CryptoKey };
  /** When set, the token endpoint answers this instead of the provider (a forged response). */
  tokenOverride: ((body: URLSearchParams) => Promise<Record<string, unknown>>) | null;
  /** Requests the token endpoint received. */
  tokenRequests: number;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A real OpenID Connect provider (panva's certified `oidc-provider`) on 127.0.0.1, with a minimal
 * login page of our own (`/interaction/:uid`: a form with the login name, no password) that grants
 * the requested scopes. Claims go into the ID token (`conformIdTokenClaims: false`) and userinfo;
 * the `groups` scope carries the `groups` claim. PKCE is required.
 */
export async function startIdp(
  t: { teardown(fn: () => unknown): void },
  idTokenTtl = 3600,
): Promise<TestIdp> {
  let provider: Provider | null = null;
  let key = await newKey('k1');
  let rotations = 1;
  const idp: TestIdp = {
    issuer: '',
    accounts: new Map(),
    tokenOverride: null,
    tokenRequests: 0,
    register(client) {
      provider = build(client);
    },
    async rotateKey() {
      key = await newKey(`k${++rotations}`);
      if (provider) provider = build(lastClient!);
    },
    signingKey: () => ({ kid: key.kid, privateKey: key.privateKey }),
  };
  let lastClient: Parameters<TestIdp['register']>[0] | null = null;
  const build = (client: Parameters<TestIdp['register']>[0]) => {
    lastClient = client;
    const p = new Provider(idp.issuer, {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [client.redirectUri],
          post_logout_redirect_uris: [client.postLogoutUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [{ ...key.privateJwk, kid: key.kid, alg: 'RS256', use: 'sig' }] },
      findAccount: (_ctx, sub) => {
        const account = idp.accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            name: account.name,
            groups: account.groups,
          }),
        };
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      scopes: ['openid', 'email', 'profile', 'groups'],
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      cookies: { keys: ['test-cookie-key'] },
      ttl: { IdToken: idTokenTtl },
    });
    p.on('server_error', (_ctx, err) => console.error('oidc-provider', err));
    return p;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (!provider) return void res.writeHead(503).end('not registered');
    const url = new URL(req.url!, idp.issuer);
    if (url.pathname === '/token') idp.tokenRequests++;
    if (url.pathname === '/token' && idp.tokenOverride) {
      const body = new URLSearchParams(await text(req));
      const answer = await idp.tokenOverride(body);
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    }
    const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
    if (!interaction) return provider.callback()(req, res);
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(`<!doctype html><html lang="en"><title>Test IdP</title><main><h1>Test IdP</h1>
<form method="post" action="/interaction/${esc(details.uid)}"><label>Login <input name="login" autocomplete="username"></label>
<button type="submit">Continue</button></form></main></html>`);
    }
    const login = new URLSearchParams(await text(req)).get('login') ?? '';
    if (!idp.accounts.has(login)) return void res.writeHead(400).end('unknown login');
    const grant = new provider.Grant({ accountId: login, clientId: details.params.client_id as string });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: login }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  idp.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  return idp;
}

async function newKey(kid: string) {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = await exportJWK(pair.privateKey);
  return {
    kid,
    privateKey: pair.privateKey,
    privateJwk,
  };
}

function text(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/** An ID token signed with `key` (forged responses: wrong issuer, nonce, expired). */
export function signIdToken(
  key: { kid: string; privateKey: CryptoKey },
  claims: Record<string, unknown> & { iss: string; aud: string; sub: string },
  expiresAt: number,
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid })
    .setIssuedAt(Math.min(now, expiresAt - 60))
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
}

/** Cookies per host:port, enough to follow a sign-in through redirects like a browser would. */
export class CookieJar {
  private jars = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.jars.get(url.host) ?? new Map<string, string>())]
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  store(url: URL, res: Response) {
    const jar = this.jars.get(url.host) ?? new Map<string, string>();
    this.jars.set(url.host, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (gone || !value) jar.delete(name);
      else jar.set(name, value);
    }
  }

  has(host: string, name: string) {
    return this.jars.get(host)?.has(name) ?? false;
  }

  /** Requests `url` and follows redirects until one leaves for a path matching `stop` (or no redirect). */
  async follow(
    start: string,
    options: { stop?: (url: URL) => boolean; form?: Record<string, string> } = {},
  ): Promise<{ url: URL; res: Response; hops: URL[] }> {
    let url = new URL(start);
    const hops: URL[] = [];
    let body: URLSearchParams | undefined;
    for (let i = 0; i < 20; i++) {
      const res = await fetch(url, {
        redirect: 'manual',
        method: body ? 'POST' : 'GET',
        body,
        headers: {
          cookie: this.header(url),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
      });
      this.store(url, res);
      hops.push(url);
      body = undefined;
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url);
        if (options.stop?.(url)) return { url, res, hops };
        continue;
      }
      if (res.status === 200 && options.form && url.pathname.startsWith('/interaction/')) {
        await res.text();
        body = new URLSearchParams(options.form);
        continue;
      }
      return { url, res, hops };
    }
    throw new Error(`too many redirects from ${start}`);
  }
}
