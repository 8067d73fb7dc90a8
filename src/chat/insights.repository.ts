import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { firstDayOf, questionLists } from './insights-questions.ts';

const DAY_MS = 86_400_000;
const MOST_CITED = 20;

/** The UTC day of a date as YYYY-MM-DD. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Where an answer was asked, decided from its conversation's owner (see `CHANNEL`). */
const WIDGET = sql<boolean>`exists (select 1 from conversations c
  where c.id = messages.conversation_id and c.api_key_id is not null)`;

/** Counts of one day or of the whole window; `console + widget = questions`. */
const counts = [
  sql<number>`count(*)::int`.as('questions'),
  sql<number>`count(*) filter (where refused)::int`.as('refused'),
  sql<number>`count(*) filter (where feedback = 'up')::int`.as('up'),
  sql<number>`count(*) filter (where feedback = 'down')::int`.as('down'),
  sql<number>`count(*) filter (where ${WIDGET})::int`.as('widget'),
] as const;

type Counts = { questions: number; refused: number; up: number; down: number; widget: number };
const shape = (r: Counts | undefined) => ({
  questions: Number(r?.questions ?? 0),
  refused: Number(r?.refused ?? 0),
  thumbsUp: Number(r?.up ?? 0),
  thumbsDown: Number(r?.down ?? 0),
  console: Number(r?.questions ?? 0) - Number(r?.widget ?? 0),
  widget: Number(r?.widget ?? 0),
});

/**
 * A company's chat activity over the last `days` UTC days (today included), for the console's
 * insights: per day (zero days filled in, oldest first) the answers, refusals, thumbs up / down
 * and the split by channel (`console`: a signed-in user's chat; `widget`: an API key's, the widget
 * or a server calling with the key); the latest refused and thumbs-down questions; the documents
 * cited by the most answers; totals. Counts are of answers (assistant messages), each on the day
 * it was given: every question asked gets exactly one. Only `companyId`'s rows are ever read.
 * @param days 1–365 (the route validates it).
 */
export async function companyInsights(db: Kysely<DB>, companyId: string, days: number, now = new Date()) {
  const firstDay = firstDayOf(days, now);
  const answers = db
    .selectFrom('messages')
    .where('company_id', '=', companyId)
    .where('role', '=', 'assistant')
    .where('created_at', '>=', firstDay);
  const [perDay, totals, lists, cited] = await Promise.all([
    answers
      .select([sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), ...counts])
      .groupBy(sql`1`)
      .execute(),
    answers.select([...counts]).executeTakeFirstOrThrow(),
    questionLists(db, companyId, firstDay),
    sql<{ document_id: string; name: string; citations: number }>`
      select d.id as document_id, d.name, count(distinct m.id)::int as citations
      from messages m
      cross join lateral jsonb_each(m.citation_map) as c(marker, citation)
      join documents d on d.id = c.citation->>'documentId' and d.company_id = m.company_id
      where m.company_id = ${companyId} and m.role = 'assistant' and m.created_at >= ${firstDay}
      group by d.id, d.name
      order by citations desc, d.name asc
      limit ${MOST_CITED}`.execute(db),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const questionsPerDay = Array.from({ length: days }, (_, i) => {
    const date = dayOf(new Date(firstDay.getTime() + i * DAY_MS));
    return { date, ...shape(byDay.get(date)) };
  });
  return {
    days,
    totals: shape(totals),
    questionsPerDay,
    ...lists,
    mostCited: cited.rows.map((r) => ({
      documentId: r.document_id,
      name: r.name,
      citations: Number(r.citations),
    })),
  };
}
