import { useState } from 'preact/hooks';
import { api } from '../api.ts';
import { useI18n, type Key } from '../i18n.ts';
import { formatDate, Pager, Problem, useLoad, useProblem } from '../ui.tsx';

/** An audit event as GET /api/audit-events answers it (docs/api.md "Audit events"). */
interface AuditEvent {
  id: string;
  occurredAt: string;
  actor: { type: string; id: string | null };
  action: string;
  target: { type: string; id: string | null } | null;
  outcome: 'success' | 'denied' | 'failure';
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}
interface Page {
  items: AuditEvent[];
  pagination: { page: number; totalPages: number; total: number };
}
interface Filters {
  action: string;
  actor: string;
  outcome: string;
  from: string;
  to: string;
}
type Call = (
  path: string,
  init: { params: { query: Record<string, string | number> }; parseAs?: 'blob' },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
/** The audit routes through the session's client (its token and refresh), typed here. */
const get = (api as unknown as { GET: Call }).GET;

/** The filters as query parameters: empty ones left out, dates as ISO instants. */
function queryOf(f: Filters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.action.trim()) q.action = f.action.trim();
  if (f.actor.trim()) q.actor = f.actor.trim();
  if (f.outcome) q.outcome = f.outcome;
  if (f.from) q.from = new Date(f.from).toISOString();
  if (f.to) q.to = new Date(f.to).toISOString();
  return q;
}

/** Details as `key: value` pairs that wrap in a narrow column (values as JSON). */
const detailsText = (d: Record<string, unknown>) =>
  Object.entries(d)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');

/** The audit log (admins): filtered, paginated, exported as JSON Lines. */
export function AuditLog() {
  const { t, lang } = useI18n();
  const { problem, report } = useProblem();
  const empty: Filters = { action: '', actor: '', outcome: '', from: '', to: '' };
  const [draft, setDraft] = useState<Filters>(empty);
  const [filters, setFilters] = useState<Filters>(empty);
  const [page, setPage] = useState(1);
  const list = useLoad(async () => {
    const res = await get('/api/audit-events', {
      params: { query: { ...queryOf(filters), page, limit: 50 } },
    });
    report(res);
    return (res.data as { data: Page } | undefined)?.data ?? null;
  }, [filters, page]);
  const field = (name: keyof Filters) => ({
    value: draft[name],
    onInput: (e: Event) => setDraft({ ...draft, [name]: (e.currentTarget as HTMLInputElement).value }),
  });
  const download = async () => {
    const res = await get('/api/audit-events/export', {
      params: { query: queryOf(filters) },
      parseAs: 'blob',
    });
    report(res);
    if (!(res.data instanceof Blob)) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(res.data);
    a.download = `audit-events-${new Date().toISOString().slice(0, 10)}.jsonl`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <section>
      <p>{t('auditIntro')}</p>
      <form
        class="card filters"
        aria-label={t('auditFilter')}
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <label>
          {t('auditAction')} <input {...field('action')} placeholder="auth.*" title={t('auditActionHint')} />
        </label>
        <label>
          {t('auditActor')} <input {...field('actor')} />
        </label>
        <label>
          {t('auditOutcome')}{' '}
          <select {...field('outcome')} onChange={field('outcome').onInput}>
            <option value="">{t('auditOutcomeAny')}</option>
            {(['success', 'denied', 'failure'] as const).map((o) => (
              <option value={o}>{t(`outcome_${o}` as Key)}</option>
            ))}
          </select>
        </label>
        <label>
          {t('auditFrom')} <input type="datetime-local" {...field('from')} />
        </label>
        <label>
          {t('auditTo')} <input type="datetime-local" {...field('to')} />
        </label>
        <button type="submit">{t('auditFilter')}</button>
        <button type="button" onClick={download}>
          {t('auditExport')}
        </button>
      </form>
      <Problem text={problem} />
      {list.data && list.data.items.length === 0 && <p>{t('auditNone')}</p>}
      {list.data && list.data.items.length > 0 && (
        <table tabIndex={0} class="grid">
          <caption>{t('auditLog')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('auditTime')}</th>
              <th scope="col">{t('auditAction')}</th>
              <th scope="col">{t('auditActor')}</th>
              <th scope="col">{t('auditTarget')}</th>
              <th scope="col">{t('auditOutcome')}</th>
              <th scope="col">{t('auditSource')}</th>
              <th scope="col">{t('auditDetails')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((e) => (
              <tr key={e.id}>
                <td>{formatDate(e.occurredAt, lang)}</td>
                <td>{e.action}</td>
                <td>
                  {e.actor.type} {e.actor.id ?? ''}
                </td>
                <td>{e.target ? `${e.target.type} ${e.target.id ?? ''}` : '—'}</td>
                <td>{t(`outcome_${e.outcome}` as Key)}</td>
                <td title={e.userAgent ?? ''}>{e.ip ?? '—'}</td>
                <td>{detailsText(e.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && <Pager page={page} totalPages={list.data.pagination.totalPages} onPage={setPage} />}
    </section>
  );
}
