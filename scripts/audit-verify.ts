/**
 * `npm run audit:verify [-- --company <id>]`: walks every audit chain (or one company's) in the
 * configured database and reports, per chain, the rows checked or the first row that is not what
 * was written (docs/auth.md "Audit log"). Exit code 0 when every chain verifies, 1 when one does
 * not, 2 on a usage or connection error. `--schema` (PostgreSQL) reads another schema (tests).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase, pgliteDir } from '../src/db/index.ts';
import { verifyAuditChains, type ChainReport } from '../src/audit/verify.ts';

function line(r: ChainReport): string {
  const chain = r.companyId ?? '(no company)';
  if (r.ok) return `ok       ${chain}: ${r.rows} events verified (last seq ${r.lastSeq})`;
  const b = r.firstBreak!;
  return `TAMPERED ${chain}: first bad row seq ${b.seq}${b.id ? ` id ${b.id}` : ''} (${b.reason}): ${b.message}; ${r.rows} rows before it verified`;
}

async function main(): Promise<number> {
  let values: { company?: string; schema?: string; json?: boolean };
  try {
    ({ values } = parseArgs({
      options: { company: { type: 'string' }, schema: { type: 'string' }, json: { type: 'boolean' } },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\nusage: npm run audit:verify [-- --company <id>] [--json]`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: pgliteDir(config.dataDir),
    ...(values.schema ? { schema: values.schema } : {}),
  });
  try {
    const reports = await verifyAuditChains(database.db, values.company);
    if (values.json) console.log(JSON.stringify(reports));
    else if (reports.length === 0) console.log('no audit events');
    else for (const r of reports) console.log(line(r));
    return reports.every((r) => r.ok) ? 0 : 1;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 2;
}
