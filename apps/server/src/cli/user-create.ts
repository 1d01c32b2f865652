// npm run user:create -- --role admin|bank|insurance --email … --password … [--company "…"]
// Creates a back-office account. For insurance the company is created at the lowest priority if new.
import { parseArgs } from 'node:util';
import { eq, max } from 'drizzle-orm';
import { BACK_OFFICE_ROLES, emailField, passwordField, type BackOfficeRole } from '@qist/domain';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { prepareDatabase } from '../db/prepare.js';
import { insuranceCompanies } from '../db/schema/index.js';
import { isUniqueViolation } from '../errors.js';
import { hashPassword } from '../lib/passwords.js';
import { findUserByEmail, insertUser } from '../modules/auth/repository.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    role: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    company: { type: 'string' },
    name: { type: 'string' },
  },
});

const role = values.role as BackOfficeRole | undefined;
if (!role || !(BACK_OFFICE_ROLES as readonly string[]).includes(role)) fail(`--role must be one of ${BACK_OFFICE_ROLES.join(', ')}`);
const email = emailField.safeParse(values.email);
if (!email.success) fail(`--email: ${email.error.issues[0]?.message}`);
const password = passwordField.safeParse(values.password);
if (!password.success) fail(`--password: ${password.error.issues[0]?.message} (at least 8 characters)`);
const company = values.company?.trim();
if (role === 'insurance' && !company) fail('--company is required for an insurance account');

const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir });
const database = createDatabase(config.databaseUrl ?? embedded!.url, 2);
let exitCode = 0;
try {
  await prepareDatabase(database, { seedDemo: config.seedDemo });
  if (await findUserByEmail(database.db, email.data)) throw new Error(`an account with ${email.data} already exists`);
  const passwordHash = await hashPassword(password.data);
  await database.db.transaction(async (tx) => {
    let insuranceCompanyId: string | null = null;
    if (role === 'insurance' && company) {
      const [existing] = await tx.select({ id: insuranceCompanies.id }).from(insuranceCompanies).where(eq(insuranceCompanies.name, company));
      if (existing) {
        insuranceCompanyId = existing.id;
      } else {
        const [last] = await tx.select({ p: max(insuranceCompanies.priority) }).from(insuranceCompanies);
        const [created] = await tx
          .insert(insuranceCompanies)
          .values({ name: company, priority: (last?.p ?? 0) + 1 })
          .returning({ id: insuranceCompanies.id });
        insuranceCompanyId = created?.id ?? null;
      }
    }
    await insertUser(tx, { email: email.data, passwordHash, role, name: values.name?.trim() || company || role, insuranceCompanyId });
  });
  console.log(`created ${role} account ${email.data}${company ? ` (${company})` : ''}`);
} catch (error) {
  console.error(isUniqueViolation(error) ? `an account with ${email.data} already exists` : error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await database.close();
  await embedded?.stop();
}
process.exit(exitCode);
