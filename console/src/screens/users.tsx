import { useState } from 'preact/hooks';
import { api, type Schemas } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { useSession } from '../session.ts';
import { DeleteButton, formatDate, Pager, Problem, useLoad, useProblem } from '../ui.tsx';
import { InvitationLinks, type NewInvitation } from './invitation.tsx';
import { IssuedLinks, PendingInvitations, type IssuedLink } from './pending-invitations.tsx';

type Role = Schemas['UserDetail']['role'];
const ROLES: Role[] = ['COMPANY_ADMIN', 'COMPANY_EDITOR', 'COMPANY_READER'];

export function Users() {
  const { t, lang } = useI18n();
  const me = useSession().user;
  const [byPassword, setByPassword] = useState(false);
  const [issued, setIssued] = useState<IssuedLink[]>([]);
  const [pendingVersion, setPendingVersion] = useState(0);
  const issue = (link: IssuedLink) => setIssued([link, ...issued.filter((i) => i.link !== link.link)]);
  const resetLink = async (id: string, email: string) => {
    const res = await api.POST('/api/users/{id}/password-reset', { params: { path: { id } } });
    report(res);
    if (!res.data) return;
    const { link, expiresAt, emailed } = res.data.data;
    issue({
      title: t('resetLinkFor', { email }),
      link,
      hint: t('resetLinkHint', { date: formatDate(expiresAt, lang) }),
      ...(emailed !== undefined
        ? {
            emailed: emailed ? t('resetEmailed', { email }) : t('invitationNotEmailed'),
            emailFailed: !emailed,
          }
        : {}),
    });
  };
  const { problem, report } = useProblem();
  const [page, setPage] = useState(1);
  const [form, setForm] = useState({ email: '', name: '', role: 'COMPANY_READER' as Role, password: '' });
  const [invitations, setInvitations] = useState<NewInvitation[]>([]);
  const list = useLoad(async () => {
    const res = await api.GET('/api/users', {
      params: { query: { page, limit: 20, sort: 'name', order: 'asc' } },
    });
    report(res);
    return res.data?.data ?? null;
  }, [page]);
  const update = async (id: string, body: { role?: Role; disabled?: boolean }) => {
    report(await api.PUT('/api/users/{id}', { params: { path: { id } }, body }));
    list.reload();
  };
  const set = (k: keyof typeof form) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [k]: e.currentTarget.value });

  return (
    <section>
      <form
        class="card"
        aria-labelledby="add-user"
        onSubmit={async (e) => {
          e.preventDefault();
          const res = await api.POST('/api/users', {
            body: {
              email: form.email,
              name: form.name,
              role: form.role,
              ...(byPassword ? { password: form.password } : {}),
            },
          });
          report(res);
          if (res.data) {
            const inv = res.data.data.invitation;
            if (inv) setInvitations([{ email: form.email, ...inv }, ...invitations]);
            setForm({ email: '', name: '', role: 'COMPANY_READER', password: '' });
            list.reload();
            setPendingVersion(pendingVersion + 1);
          }
        }}
      >
        <h2 id="add-user">{t('addUser')}</h2>
        <label>
          {t('email')}
          <input type="email" required value={form.email} onInput={set('email')} />
        </label>
        <label>
          {t('name')}
          <input required maxLength={200} value={form.name} onInput={set('name')} />
        </label>
        <label>
          {t('role')}
          <select value={form.role} onChange={set('role')}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role_${r}`)}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>{t('howSignIn')}</legend>
          <label class="inline">
            <input type="radio" name="sign-in" checked={!byPassword} onChange={() => setByPassword(false)} />
            {t('byInvitation')}
          </label>
          <label class="inline">
            <input type="radio" name="sign-in" checked={byPassword} onChange={() => setByPassword(true)} />
            {t('byPassword')}
          </label>
        </fieldset>
        {byPassword && (
          <label>
            {t('password')} (≥ 8)
            <input
              type="password"
              required
              minLength={8}
              autoComplete="new-password"
              value={form.password}
              onInput={set('password')}
            />
          </label>
        )}
        <button type="submit" class="primary">
          {byPassword ? t('createUser') : t('sendInvitation')}
        </button>
      </form>
      <InvitationLinks
        items={invitations}
        onDismiss={(token) => setInvitations(invitations.filter((i) => i.token !== token))}
      />
      <IssuedLinks items={issued} onDismiss={(link) => setIssued(issued.filter((i) => i.link !== link))} />
      <PendingInvitations version={pendingVersion} onIssued={issue} />
      <Problem text={problem} />
      <table tabIndex={0} class="grid cards">
        <caption class="visually-hidden">{t('users')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('email')}</th>
            <th scope="col">{t('role')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('actions')}</th>
          </tr>
        </thead>
        <tbody>
          {list.data?.items.map((u) => (
            <tr key={u.id}>
              <td data-label={t('name')}>{u.name}</td>
              <td data-label={t('email')}>{u.email}</td>
              <td data-label={t('role')}>
                <select
                  aria-label={`${t('role')} ${u.name}`}
                  value={u.role}
                  disabled={u.id === me.id}
                  onChange={(e) => void update(u.id, { role: e.currentTarget.value as Role })}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`role_${r}`)}
                    </option>
                  ))}
                </select>
              </td>
              <td data-label={t('status')}>{t(`status_${u.status}`)}</td>
              <td data-label={t('actions')} class="actions">
                {u.id !== me.id && (
                  <>
                    {u.status === 'active' && (
                      <button type="button" onClick={() => void resetLink(u.id, u.email)}>
                        {t('issueResetLink')}
                      </button>
                    )}
                    <button type="button" onClick={() => void update(u.id, { disabled: !u.disabled })}>
                      {u.disabled ? t('enable') : t('disable')}
                    </button>
                    <DeleteButton
                      name={u.email}
                      onDelete={async () => {
                        report(await api.DELETE('/api/users/{id}', { params: { path: { id: u.id } } }));
                        list.reload();
                      }}
                    />
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.data && <Pager page={page} totalPages={list.data.pagination.totalPages} onPage={setPage} />}
    </section>
  );
}
