import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, onSessionEnd, refreshNow, signOut as endEverywhere } from './api.ts';
import { announce, rememberSignedIn, wasSignedIn } from './tabs.ts';
import { I18n, translator, type Lang } from './i18n.ts';
import { navigate, SCREENS, Session, type SessionState } from './session.ts';
import { ConnectionBanner, Forbidden, Link } from './ui.tsx';
import { SignIn, type SignInNotice } from './screens/sign-in.tsx';
import { AcceptInvitation } from './screens/invitation.tsx';
import { ForgotPassword, ResetPassword } from './screens/reset-password.tsx';
import { MyAccount } from './screens/account.tsx';
import { Documents } from './screens/documents.tsx';
import { DocumentDetail } from './screens/document-detail.tsx';
import { Topics } from './screens/topics.tsx';
import { ApiKeys } from './screens/api-keys.tsx';
import { Users } from './screens/users.tsx';
import { Groups } from './screens/groups.tsx';
import { Settings } from './screens/settings.tsx';
import { Webhooks } from './screens/webhooks.tsx';
import { Connectors } from './screens/connectors.tsx';
import { Chat } from './screens/chat.tsx';
import { LazyInsights } from './screens/insights-lazy.tsx';
import { Evaluations } from './screens/evaluations.tsx';
import { LazyAuditLog } from './screens/audit-lazy.tsx';

const initialLang = (): Lang => {
  const saved = sessionStorage.getItem('lang');
  if (saved === 'en' || saved === 'fr') return saved;
  return navigator.language.startsWith('fr') ? 'fr' : 'en';
};
const currentPath = () => location.pathname.replace(/^\/app\/?/, '');

export function App() {
  const [lang, setLangState] = useState<Lang>(initialLang);
  const t = useMemo(() => translator(lang), [lang]);
  const setLang = (l: Lang) => {
    sessionStorage.setItem('lang', l); // a preference, not a credential
    setLangState(l);
  };
  useEffect(() => void (document.documentElement.lang = lang), [lang]);

  const [session, setSessionState] = useState<SessionState | null | undefined>(undefined);
  const [path, setPath] = useState(currentPath);
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    const onPop = () => {
      setPath(currentPath());
      setMenuOpen(false);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  const loadMe = async () => {
    const me = await api.GET('/api/auth/me');
    if (!me.data) return setSessionState(null);
    const { user, company } = me.data.data;
    setSessionState({
      user,
      companyName: company.name,
      isAdmin: user.role === 'COMPANY_ADMIN',
      canWrite: user.role !== 'COMPANY_READER',
    });
  };
  // Why the sign-in screen shows, when the user did not sign out in this tab (issue 38).
  const [notice, setNotice] = useState<SignInNotice | null>(null);
  useEffect(() => {
    onSessionEnd((reason) => {
      setNotice(reason);
      setSessionState(null);
    });
    // A reload keeps the session through the refresh cookie (no token was stored anywhere).
    void refreshNow().then((outcome) => {
      if (outcome === 'ok') return loadMe();
      if (outcome === 'unavailable') setNotice('unavailable');
      else if (wasSignedIn()) {
        // Refused, though this browser was signed in: the session ended; other tabs learn it too.
        setNotice('ended');
        announce({ type: 'ended', reason: 'ended' });
      }
      rememberSignedIn(false);
      setSessionState(null);
    });
  }, []);

  const signOut = async () => {
    await endEverywhere();
    setNotice(null);
    setSessionState(null);
    // Signed in with an OpenID Connect provider: end the session there too (RP-initiated logout).
    const provider = sessionStorage.getItem('oidc_provider');
    sessionStorage.removeItem('oidc_provider');
    if (provider) location.assign(`/api/auth/oidc/${encodeURIComponent(provider)}/logout`);
  };

  const [screen = 'documents', id] = (path || 'documents').split('/');
  const def = SCREENS.find((s) => s.path === screen);
  const title = def ? t(def.key) : t('appName');
  useEffect(
    () => void (document.title = session ? `${title} · ${t('appName')}` : t('appName')),
    [title, t, session],
  );

  const i18n = { lang, t, setLang };
  if (session === undefined)
    return (
      <I18n.Provider value={i18n}>
        <p class="loading">{t('loading')}</p>
      </I18n.Provider>
    );
  if (screen === 'accept-invitation')
    return (
      <I18n.Provider value={i18n}>
        <AcceptInvitation
          onSignedIn={async () => {
            setPath(currentPath());
            await loadMe();
          }}
        />
      </I18n.Provider>
    );
  if (screen === 'reset-password')
    return (
      <I18n.Provider value={i18n}>
        <ResetPassword
          onSignedIn={async () => {
            setPath(currentPath());
            await loadMe();
          }}
        />
      </I18n.Provider>
    );
  if (screen === 'forgot-password' && !session)
    return (
      <I18n.Provider value={i18n}>
        <ForgotPassword />
      </I18n.Provider>
    );
  if (!session)
    return (
      <I18n.Provider value={i18n}>
        <SignIn onSignedIn={loadMe} notice={notice} />
      </I18n.Provider>
    );

  const body = (() => {
    if (def?.admin && !session.isAdmin) return <Forbidden />;
    switch (screen) {
      case 'documents':
        return id ? <DocumentDetail id={decodeURIComponent(id)} /> : <Documents />;
      case 'topics':
        return <Topics />;
      case 'chat':
        return <Chat />;
      case 'api-keys':
        return <ApiKeys />;
      case 'users':
        return <Users />;
      case 'account':
        return <MyAccount onChanged={loadMe} />;
      case 'groups':
        return <Groups />;
      case 'settings':
        return <Settings />;
      case 'webhooks':
        return <Webhooks />;
      case 'connectors':
        return <Connectors />;
      case 'insights':
        return <LazyInsights id={id ? decodeURIComponent(id) : undefined} />;
      case 'evaluations':
        return <Evaluations />;
      case 'audit':
        return <LazyAuditLog />;
      default:
        return <p role="alert">{t('notFound')}</p>;
    }
  })();
  return (
    <I18n.Provider value={i18n}>
      <Session.Provider value={session}>
        <a class="skip" href="#main">
          {t('skip')}
        </a>
        <header class="top">
          <button
            type="button"
            class="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {t('menu')}
          </button>
          <strong>{t('appName')}</strong>
          <span class="who">
            {session.user.name} · {session.companyName} · {t(`role_${session.user.role}`)}
          </span>
          <label>
            {t('language')}{' '}
            <select value={lang} onChange={(e) => setLang((e.currentTarget.value as Lang) ?? 'en')}>
              <option value="en">English</option>
              <option value="fr">Français</option>
            </select>
          </label>
          <button type="button" onClick={() => void signOut()}>
            {t('signOut')}
          </button>
        </header>
        <ConnectionBanner />
        <div class="layout">
          <nav aria-label={t('mainNav')} id="main-nav" class={menuOpen ? 'side open' : 'side'}>
            <ul>
              {SCREENS.filter((s) => !s.admin || session.isAdmin).map((s) => (
                <li key={s.path}>
                  <Link to={s.path} aria-current={s.path === screen ? 'page' : undefined}>
                    {t(s.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" tabIndex={-1}>
            <h1>{title}</h1>
            {body}
          </main>
        </div>
      </Session.Provider>
    </I18n.Provider>
  );
}

export { navigate };
