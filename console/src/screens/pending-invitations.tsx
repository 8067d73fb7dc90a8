import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { CopyButton, formatDate, Pager, useLoad, useProblem, Problem } from '../ui.tsx';

/** A one-time link the admin just got (a resent invitation or a password-reset link). */
export interface IssuedLink {
  title: string;
  link: string;
  hint: string;
  /** Set when the server has SMTP_URL: the sentence saying whether it was e-mailed. */
  emailed?: string;
  emailFailed?: boolean;
}

/** The links issued in this visit, each with a copy button, until dismissed. */
export function IssuedLinks(props: { items: IssuedLink[]; onDismiss: (link: string) => void }) {
  const { t } = useI18n();
  return (
    <>
      {props.items.map((item) => (
        <section class="card secret invitation" key={item.link} aria-label={item.title}>
          <p>
            <strong>{item.title}</strong>
          </p>
          <p class="link-row">
            <input readOnly value={item.link} aria-label={item.title} data-testid="issued-link" />
            <CopyButton text={item.link} label={t('copyLink')} />
            <button type="button" onClick={() => props.onDismiss(item.link)}>
              {t('dismiss')}
            </button>
          </p>
          <p class="hint">{item.hint}</p>
          {item.emailed && <p class={item.emailFailed ? 'problem' : 'hint'}>{item.emailed}</p>}
        </section>
      ))}
    </>
  );
}

/**
 * Invited users who have not signed in yet (GET /api/invitations), each with "New link" (the
 * earlier links stop working) and "Withdraw" (the invited user is deleted). `version` reloads it.
 */
export function PendingInvitations(props: { version: number; onIssued: (link: IssuedLink) => void }) {
  const { t, lang } = useI18n();
  const { problem, report } = useProblem();
  const [page, setPage] = useState(1);
  const list = useLoad(async () => {
    const res = await api.GET('/api/invitations', { params: { query: { page, limit: 10 } } });
    report(res);
    return res.data?.data ?? null;
  }, [page, props.version]);
  const resend = async (userId: string, email: string) => {
    const res = await api.POST('/api/invitations/{userId}/resend', { params: { path: { userId } } });
    report(res);
    if (!res.data) return;
    const { link, expiresAt, emailed } = res.data.data;
    props.onIssued({
      title: t('invitationLink', { email }),
      link,
      hint: t('invitationExpires', { date: formatDate(expiresAt, lang) }),
      ...(emailed !== undefined
        ? {
            emailed: emailed ? t('invitationEmailed', { email }) : t('invitationNotEmailed'),
            emailFailed: !emailed,
          }
        : {}),
    });
    list.reload();
  };
  const items = list.data?.items ?? [];
  return (
    <section class="card" aria-labelledby="pending-invitations">
      <h2 id="pending-invitations">{t('pendingInvitations')}</h2>
      <Problem text={problem} />
      {list.data && items.length === 0 && <p class="hint">{t('noPendingInvitations')}</p>}
      <ul class="pending-list">
        {items.map((inv) => (
          <li key={inv.userId}>
            <span>
              <strong>{inv.email}</strong> · {inv.name} · {t(`role_${inv.role}`)}
            </span>
            <span class="hint">
              {t('invitedOn', { date: formatDate(inv.invitedAt, lang) })} ·{' '}
              {inv.expired
                ? t('invitationExpired')
                : t('invitationValidUntil', { date: formatDate(inv.expiresAt, lang) })}
            </span>
            <span class="actions">
              <button type="button" onClick={() => void resend(inv.userId, inv.email)}>
                {t('resendInvitation')}
              </button>
              <button
                type="button"
                class="danger"
                onClick={async () => {
                  if (!confirm(t('confirmDelete', { name: inv.email }))) return;
                  report(
                    await api.DELETE('/api/invitations/{userId}', {
                      params: { path: { userId: inv.userId } },
                    }),
                  );
                  list.reload();
                }}
              >
                {t('withdrawInvitation')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {list.data && list.data.pagination.totalPages > 1 && (
        <Pager page={page} totalPages={list.data.pagination.totalPages} onPage={setPage} />
      )}
    </section>
  );
}
