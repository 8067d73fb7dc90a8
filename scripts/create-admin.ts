/**
 * `npm run admin:create -- --email a@b.co --company "Acme" [--name "Ada"]`: creates a company
 * and its COMPANY_ADMIN in the configured database. The password is read from ADMIN_PASSWORD
 * or prompted for (hidden), never taken from the command line where shell history keeps it.
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../src/config/index.ts';
import { openDatabase, pgliteDir } from '../src/db/index.ts';
import { createCompanyWithAdmin } from '../src/auth/auth.service.ts';

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('set ADMIN_PASSWORD or run in a terminal to be asked for it');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) =>
    write.call(rl, s.includes('Password') ? s : '');
  const password = await rl.question('Password (min. 8 characters): ');
  rl.close();
  process.stdout.write('\n');
  return password;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, company: { type: 'string' }, name: { type: 'string' } },
  });
  if (!values.email || !values.company) {
    console.error('usage: npm run admin:create -- --email admin@example.com --company "Acme" [--name "Ada"]');
    return 1;
  }
  const password = await readPassword();
  if (password.length < 8) {
    console.error('the password must have at least 8 characters');
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDataDir: pgliteDir(config.dataDir),
  });
  try {
    const user = await createCompanyWithAdmin(database.db, {
      companyName: values.company,
      email: values.email,
      password,
      name: values.name ?? 'Administrator',
    });
    console.log(`created ${user.email} (${user.id}), COMPANY_ADMIN of ${values.company} (${user.companyId})`);
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
