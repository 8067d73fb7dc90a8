import type { FastifyInstance } from 'fastify';

/**
 * Seeds one conversation (a question and its answer) straight into the tables, for tests of what
 * reads them (insights, the chat's history): no model needed. `apiKeyId` makes it a widget
 * conversation, `userId` a console one; `cite` gives the answer a citation [1] of that chunk.
 */
export async function seedTurn(
  app: FastifyInstance,
  o: {
    companyId: string;
    userId?: string;
    apiKeyId?: string;
    id: string;
    question: string;
    answer?: string;
    refused?: boolean;
    feedback?: 'up' | 'down';
    at?: Date;
    cite?: { documentId: string; chunkId: string; name: string };
  },
) {
  const at = o.at ?? new Date();
  await app.ctx.db
    .insertInto('conversations')
    .values({
      id: o.id,
      company_id: o.companyId,
      user_id: o.userId ?? null,
      api_key_id: o.apiKeyId ?? null,
      title: o.question.slice(0, 50),
    })
    .execute();
  const base = { conversation_id: o.id, company_id: o.companyId };
  await app.ctx.db
    .insertInto('messages')
    .values([
      {
        ...base,
        id: `${o.id}_q`,
        role: 'user',
        content: o.question,
        citation_map: '{}',
        sources: '[]',
        created_at: new Date(at.getTime() - 1000),
      },
      {
        ...base,
        id: `${o.id}_a`,
        role: 'assistant',
        content: o.answer ?? (o.refused ? 'I could not find this in your documents.' : 'An answer [1].'),
        citation_map: JSON.stringify(
          o.cite ? { '1': { documentId: o.cite.documentId, chunkId: o.cite.chunkId } } : {},
        ),
        sources: JSON.stringify(o.cite ? [{ id: o.cite.documentId, name: o.cite.name, score: 1 }] : []),
        refused: o.refused ?? false,
        feedback: o.feedback ?? null,
        feedback_at: o.feedback ? at : null,
        created_at: at,
      },
    ])
    .execute();
}
