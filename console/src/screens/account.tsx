import { useState } from 'preact/hooks';
import { api, COOKIE_MODE, setSession } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useSession } from '../session.ts';
import { Problem, useProblem } from '../ui.tsx';

/**
 * `/app/account`: the signed-in person's own name and password (PUT /api/auth/me,
 * POST /api/auth/change-password). A password change ends every other session; this tab gets
 * the new one the server returns.
 */
export function MyAccount({ onChanged }: { onChanged: () => Promise<void> }) {
  const { t } = useI18n();
  const me = useSession().user;
  const nameProblem = useProblem();
  const passwordProblem = useProblem();
  const [name, setName] = useState(me.name);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState<string | null>(null);

  return (
    <section>
      <form
        class="card"
        aria-labelledby="my-name"
        onSubmit={async (e) => {
          e.preventDefault();
          const res = await api.PUT('/api/auth/me', { body: { name } });
          nameProblem.report(res);
          if (res.data) {
            setDone(t('nameSaved'));
            await onChanged();
          }
        }}
      >
        <h2 id="my-name">{t('name')}</h2>
        <p class="hint">{me.email}</p>
        <label>
          {t('name')}
          <input required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <Problem text={nameProblem.problem} />
        <button type="submit">{t('saveName')}</button>
      </form>
      <form
        class="card"
        aria-labelledby="my-password"
        onSubmit={async (e) => {
          e.preventDefault();
          const res = await api.POST('/api/auth/change-password', {
            headers: COOKIE_MODE,
            body: { currentPassword: current, newPassword: next },
          });
          passwordProblem.report(res);
          if (res.data) {
            setSession(res.data.data.accessToken, res.data.data.expiresIn);
            setCurrent('');
            setNext('');
            setDone(t('passwordChanged'));
          }
        }}
      >
        <h2 id="my-password">{t('changePassword')}</h2>
        <input type="email" hidden autoComplete="username" value={me.email} readOnly />
        <label>
          {t('currentPassword')}
          <input
            type="password"
            required
            autoComplete="current-password"
            value={current}
            onInput={(e) => setCurrent(e.currentTarget.value)}
          />
        </label>
        <label>
          {t('newPassword')} (≥ 8)
          <input
            type="password"
            required
            minLength={8}
            autoComplete="new-password"
            value={next}
            onInput={(e) => setNext(e.currentTarget.value)}
          />
        </label>
        <Problem text={passwordProblem.problem} />
        <button type="submit" class="primary">
          {t('changePassword')}
        </button>
      </form>
      {done && (
        <p role="status" class="hint">
          {done}
        </p>
      )}
    </section>
  );
}
