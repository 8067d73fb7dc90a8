import type { FastifyInstance } from 'fastify';
import { auditDb } from '../../src/audit/schema.ts';
import { auditView, type AuditEventView } from '../../src/audit/audit.query.ts';

/** A company's stored audit events in chain order, straight from the table. */
export async function eventsOf(app: FastifyInstance, companyId: string | null): Promise<AuditEventView[]> {
  const rows = await auditDb(app.ctx.db)
    .selectFrom('audit_events')
    .selectAll()
    .where('company_id', companyId === null ? 'is' : '=', companyId)
    .orderBy('seq', 'asc')
    .execute();
  return rows.map((r) => auditView(r as never));
}

/**
 * Runs `act` and returns the events it left in `companyId`'s chain (by sequence number), so a
 * test can assert that an action leaves exactly one.
 */
export async function eventsDuring(
  app: FastifyInstance,
  companyId: string | null,
  act: () => Promise<unknown>,
): Promise<AuditEventView[]> {
  const before = (await eventsOf(app, companyId)).length;
  await act();
  return (await eventsOf(app, companyId)).slice(before);
}
