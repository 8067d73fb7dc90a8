import { useState } from 'preact/hooks';
import { api, COOKIE_MODE, setSession } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { Problem } from '../ui.tsx';
import { navigate } from '../session.ts';

const backToSignIn = (e: Event) => {
  e.preventDefault();
  navigate('');
};

/**
 * `/app/forgot-password`: asks for a reset link by e-mail (POST /api/auth/forgot-password). The
 * server answers the same for every address, and so does this screen.
 */
export function ForgotPassword() {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    const res = await api.POST('/api/auth/forgot-password', { body: { email } }).catch(() => null);
    setBusy(false);
    if (res?.response.status === 202) {
      setProblem(null);
      setSentTo(email);
    } else {
      const err = res?.error as { error?: { message?: string } } | undefined;
      setProblem(err?.error?.message ?? t('error'));
    }
  };
  return (
    <main id="main" class="signin">
      <h1>{t('appName')}</h1>
      <form onSubmit={submit} aria-labelledby="forgot-title">
        <h2 id="forgot-title">{t('forgotTitle')}</h2>
        {sentTo ? (
          <p role="status">{t('forgotSent', { email: sentTo })}</p>
        ) : (
          <>
            <p>{t('forgotIntro')}</p>
            <label>
              {t('email')}
              <input
                type="email"
                required
                autoComplete="username"
                value={email}
                onInput={(e) => setEmail(e.currentTarget.value)}
              />
            </label>
            <Problem text={problem} />
            <button type="submit" class="primary" disabled={busy}>
              {t('forgotSubmit')}
            </button>
          </>
        )}
        <p>
          <a href="/app/" onClick={backToSignIn}>
            {t('backToSignIn')}
          </a>
        </p>
      </form>
    </main>
  );
}

/**
 * `/app/reset-password?token=…`: chooses the new password with a one-time link (e-mailed or
 * issued by an admin); the server answers like a login, so the person is signed in.
 */
export function ResetPassword({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { t } = useI18n();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(token ? null : t('resetMissing'));
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    const res = await api
      .POST('/api/auth/reset-password', { headers: COOKIE_MODE, body: { token, password } })
      .catch(() => null);
    setBusy(false);
    if (!res?.data) {
      const err = res?.error as { error?: { message?: string } } | undefined;
      setProblem(err?.error?.message ?? t('error'));
      return;
    }
    setSession(res.data.data.accessToken, res.data.data.expiresIn);
    history.replaceState(null, '', '/app/documents');
    await onSignedIn();
  };
  return (
    <main id="main" class="signin">
      <h1>{t('appName')}</h1>
      <form onSubmit={submit} aria-labelledby="reset-title">
        <h2 id="reset-title">{t('resetTitle')}</h2>
        <p>{t('resetIntro')}</p>
        <label>
          {t('newPassword')}
          <input
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        <Problem text={problem} />
        <button type="submit" class="primary" disabled={busy || !token}>
          {t('resetSubmit')}
        </button>
        <p>
          <a href="/app/" onClick={backToSignIn}>
            {t('backToSignIn')}
          </a>
        </p>
      </form>
    </main>
  );
}
