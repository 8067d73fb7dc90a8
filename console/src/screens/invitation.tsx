import { useEffect, useState } from 'preact/hooks';
import { api, COOKIE_MODE, setSession } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { CopyButton, formatDate, Problem } from '../ui.tsx';

/** An invitation the admin just created: who, the one-time token and when it expires. */
export interface NewInvitation {
  email: string;
  token: string;
  expiresAt: string;
  /** Set when the server has SMTP_URL: whether it e-mailed the link. */
  emailed?: boolean;
}

/** The link an invited person opens: the console's accept screen with the token in the query. */
export const invitationLink = (token: string) =>
  `${location.origin}/app/accept-invitation?token=${encodeURIComponent(token)}`;

/**
 * The invitation links created in this visit, each with its expiry and a copy button; they stay
 * until dismissed (adding another user does not hide the previous link).
 */
export function InvitationLinks(props: { items: NewInvitation[]; onDismiss: (token: string) => void }) {
  const { t, lang } = useI18n();
  return (
    <>
      {props.items.map((inv) => {
        const link = invitationLink(inv.token);
        return (
          <section
            class="card secret invitation"
            key={inv.token}
            aria-label={t('invitationLink', { email: inv.email })}
          >
            <p>
              <strong>{t('invitationLink', { email: inv.email })}</strong>
            </p>
            <p class="link-row">
              <input
                readOnly
                value={link}
                aria-label={t('invitationLink', { email: inv.email })}
                data-testid="invitation-link"
              />
              <CopyButton text={link} label={t('copyLink')} />
              <button type="button" onClick={() => props.onDismiss(inv.token)}>
                {t('dismiss')}
              </button>
            </p>
            <p class="hint">{t('invitationExpires', { date: formatDate(inv.expiresAt, lang) })}</p>
            {inv.emailed !== undefined && (
              <p class={inv.emailed ? 'hint' : 'problem'}>
                {inv.emailed ? t('invitationEmailed', { email: inv.email }) : t('invitationNotEmailed')}
              </p>
            )}
          </section>
        );
      })}
    </>
  );
}

/**
 * `/app/accept-invitation?token=…`: the invited person picks a name and a password; the server
 * answers like a login (POST /api/auth/accept-invitation, refresh cookie), so they are signed in.
 */
export function AcceptInvitation({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { t } = useI18n();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(token ? null : t('acceptMissing'));
  const [busy, setBusy] = useState(false);
  const [joining, setJoining] = useState<{ email: string; companyName: string } | null>(null);
  useEffect(() => {
    if (!token) return;
    // Names the company and the address before the person commits; a dead link says so at once.
    void api
      .POST('/api/auth/invitation', { body: { token } })
      .then((res) => {
        if (res.data) {
          setJoining(res.data.data);
          if (!name) setName(res.data.data.name);
        } else if (res.response.status === 404) setProblem(t('acceptInvalid'));
      })
      .catch(() => undefined);
  }, [token]);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    const res = await api
      .POST('/api/auth/accept-invitation', { headers: COOKIE_MODE, body: { token, name, password } })
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
      <form onSubmit={submit} aria-labelledby="accept-title">
        <h2 id="accept-title">{t('acceptTitle')}</h2>
        {joining && (
          <p data-testid="accept-joining">
            {t('acceptJoining', { company: joining.companyName, email: joining.email })}
          </p>
        )}
        <p>{t('acceptIntro')}</p>
        <label>
          {t('name')}
          <input
            required
            maxLength={200}
            autoComplete="name"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </label>
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
          {t('acceptSubmit')}
        </button>
      </form>
    </main>
  );
}
