import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

const DAY_MS = 86_400_000;
const UNANSWERED = 50;
const MOST_CITED = 20;

/** The UTC day of a date as YYYY-MM-DD. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A company's chat activity over the last `days` UTC days (today included), for the console's
 * insights: answers and refusals per day (zero days filled in), the latest refused questions,
 * the documents cited by the most answers, and feedback totals. Counts are of answers (assistant
 * messages): every question asked gets exactly one. All conversations count, widget ones too.
 */
export async function companyInsights(db: Kysely<DB>, companyId: string, days: number, now = new Date()) {
  const firstDay = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS,
  );
  const answers = db
    .selectFrom('messages')
    .where('company_id', '=', companyId)
    .where('role', '=', 'assistant')
    .where('created_at', '>=', firstDay);
  const [perDay, totals, unanswered, cited] = await Promise.all([
    answers
      .select([
        sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
        sql<number>`count(*)::int`.as('questions'),
        sql<number>`count(*) filter (where refused)::int`.as('refused'),
      ])
      .groupBy(sql`1`)
      .execute(),
    answers
      .select([
        sql<number>`count(*)::int`.as('questions'),
        sql<number>`count(*) filter (where refused)::int`.as('refused'),
        sql<number>`count(*) filter (where feedback = 'up')::int`.as('up'),
        sql<number>`count(*) filter (where feedback = 'down')::int`.as('down'),
      ])
      .executeTakeFirstOrThrow(),
    answers
      .where('refused', '=', true)
      .select([
        'id',
        'conversation_id',
        'created_at',
        // The question is the conversation's last user message before the answer.
        sql<string | null>`(select q.content from messages q
          where q.conversation_id = messages.conversation_id and q.role = 'user'
            and q.created_at <= messages.created_at
          order by q.created_at desc, q.id desc limit 1)`.as('question'),
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(UNANSWERED)
      .execute(),
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
    const row = byDay.get(date);
    return { date, questions: Number(row?.questions ?? 0), refused: Number(row?.refused ?? 0) };
  });
  return {
    days,
    totals: {
      questions: Number(totals.questions),
      refused: Number(totals.refused),
      thumbsUp: Number(totals.up),
      thumbsDown: Number(totals.down),
    },
    questionsPerDay,
    unanswered: unanswered.map((r) => ({
      messageId: r.id,
      conversationId: r.conversation_id,
      question: r.question ?? '',
      askedAt: r.created_at.toISOString(),
    })),
    mostCited: cited.rows.map((r) => ({
      documentId: r.document_id,
      name: r.name,
      citations: Number(r.citations),
    })),
  };
}
