import { useEffect, useState } from 'preact/hooks';
import { api, COOKIE_MODE, setSession, type paths } from '../api.ts';
import { navigate } from '../session.ts';
import { useI18n, type Lang } from '../i18n.ts';
import { Problem } from '../ui.tsx';

type Providers =
  paths['/api/auth/providers']['get']['responses'][200]['content']['application/json']['data'] & {
    /** OpenID Connect providers (issue 39), until the generated client knows the field. */
    oidc?: { id: string; name: string; startUrl: string }[];
  };

/** Where Google / Microsoft send the browser back with a token in the URL fragment. */
const redirectUri = () => `${location.origin}/app/`;

/**
 * The OAuth 2.0 implicit redirect (no third-party script, so the CSP stays 'self'): Google returns
 * an ID token, Microsoft a Graph access token (User.Read); the server verifies either.
 */
function startRedirect(provider: 'google' | 'microsoft', clientId: string) {
  const state = crypto.randomUUID();
  sessionStorage.setItem('oauth_state', `${provider}:${state}`);
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri(),
    state,
    nonce: state,
  });
  if (provider === 'google') {
    params.set('response_type', 'id_token');
    params.set('scope', 'openid email profile');
    location.assign(`https://accounts.google.com/o/oauth2/v2/auth?${params}`);
  } else {
    params.set('response_type', 'token');
    params.set('scope', 'User.Read');
    location.assign(`https://login.microsoftonline.com/organizations/oauth2/v2.0/authorize?${params}`);
  }
}

/** Why the sign-in screen shows instead of the console (see App): said above the form. */
export type SignInNotice = 'ended' | 'signedOutElsewhere' | 'unavailable';

export function SignIn({
  onSignedIn,
  notice = null,
}: {
  onSignedIn: () => Promise<void>;
  notice?: SignInNotice | null;
}) {
  const { t, lang, setLang } = useI18n();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [providers, setProviders] = useState<Providers | null>(null);
  // Signing in with the LDAP / Active Directory account instead of the Cog-RAG password (issue 39).
  const [directory, setDirectory] = useState(false);

  const finish = async (res: {
    data?: { data: { accessToken: string; expiresIn: number } };
    error?: unknown;
  }) => {
    if (!res.data) {
      const e = res.error as { error?: { message?: string } } | undefined;
      setProblem(e?.error?.message ?? t('error'));
      return;
    }
    setSession(res.data.data.accessToken, res.data.data.expiresIn);
    await onSignedIn();
  };

  useEffect(() => {
    void api.GET('/api/auth/providers').then((r) => r.data && setProviders(r.data.data));
    // Back from an OpenID Connect provider that refused (the server's callback said why).
    const refused = new URLSearchParams(location.hash.slice(1)).get('signin_error');
    if (refused) {
      sessionStorage.removeItem('oidc_provider');
      setProblem(refused);
      history.replaceState(null, '', location.pathname);
      return;
    }
    // Back from a provider: the token is in the fragment, checked against the state we sent.
    const fragment = new URLSearchParams(location.hash.slice(1));
    const [provider, state] = (sessionStorage.getItem('oauth_state') ?? '').split(':');
    if (!fragment.get('state') || fragment.get('state') !== state) return;
    sessionStorage.removeItem('oauth_state');
    history.replaceState(null, '', location.pathname);
    const idToken = fragment.get('id_token');
    const accessToken = fragment.get('access_token');
    if (provider === 'google' && idToken)
      void api.POST('/api/auth/google', { headers: COOKIE_MODE, body: { idToken } }).then(finish);
    if (provider === 'microsoft' && accessToken)
      void api.POST('/api/auth/microsoft', { headers: COOKIE_MODE, body: { accessToken } }).then(finish);
  }, []);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    if (directory) {
      // POST /api/auth/ldap answers like login; plain fetch until the generated client knows it.
      const res = await fetch('/api/auth/ldap', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...COOKIE_MODE },
        body: JSON.stringify({ username: email, password }),
      });
      const body: unknown = await res.json().catch(() => null);
      await finish(
        res.ok ? { data: body as { data: { accessToken: string; expiresIn: number } } } : { error: body },
      );
    } else
      await finish(await api.POST('/api/auth/login', { headers: COOKIE_MODE, body: { email, password } }));
    setBusy(false);
  };

  return (
    <main id="main" class="signin">
      <h1>{t('appName')}</h1>
      <form onSubmit={submit} aria-labelledby="signin-title">
        <h2 id="signin-title">{t('signIn')}</h2>
        {notice && (
          <p role="status" class="notice" data-testid="signin-notice">
            {t(`notice_${notice}`)}
          </p>
        )}
        {(providers as { ldap?: boolean } | null)?.ldap && (
          <label class="check">
            <input
              type="checkbox"
              checked={directory}
              onChange={(e) => setDirectory(e.currentTarget.checked)}
            />{' '}
            {t('directoryAccount')}
          </label>
        )}
        <label>
          {directory ? t('userName') : t('email')}
          <input
            // One input for both (preact's types want a literal `type`; text for a directory name).
            type={(directory ? 'text' : 'email') as 'email'}
            autoComplete="username"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label>
          {t('password')}
          <input
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <Problem text={problem} />
        <button type="submit" class="primary" disabled={busy}>
          {t('signIn')}
        </button>
        <p>
          <a
            href="/app/forgot-password"
            onClick={(e) => {
              e.preventDefault();
              navigate('forgot-password');
            }}
          >
            {t('forgotPassword')}
          </a>
        </p>
        {providers?.google && (
          <button type="button" onClick={() => startRedirect('google', providers.google!.clientId)}>
            {t('withGoogle')}
          </button>
        )}
        {providers?.microsoft?.clientId && (
          <button type="button" onClick={() => startRedirect('microsoft', providers.microsoft!.clientId!)}>
            {t('withMicrosoft')}
          </button>
        )}
        {providers?.oidc?.map((p) => (
          <button
            type="button"
            key={p.id}
            onClick={() => {
              // Remembered for the logout at the provider (app.tsx); the session itself is a cookie.
              sessionStorage.setItem('oidc_provider', p.id);
              location.assign(p.startUrl);
            }}
          >
            {t('withProvider', { name: p.name })}
          </button>
        ))}
        <label>
          {t('language')}{' '}
          <select value={lang} onChange={(e) => setLang(e.currentTarget.value as Lang)}>
            <option value="en">English</option>
            <option value="fr">Français</option>
          </select>
        </label>
      </form>
    </main>
  );
}
