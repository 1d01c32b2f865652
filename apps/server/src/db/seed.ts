// Demo data for a new, empty database (DESIGN.md §6). Runs once: a database with any account is left alone.
import { count } from 'drizzle-orm';
import type { Role } from '@qist/domain';
import { hashPassword } from '../lib/passwords.js';
import type { Db } from './client.js';
import { insuranceCompanies, providers, signupCodes, smes, users } from './schema/index.js';

export const DEMO_PASSWORD = 'demo12345';
export const DEMO_SIGNUP_CODES = { sme: 'SME-DEMO-CODE', provider: 'SUPPLIER-DEMO-CODE' } as const;

interface DemoAccount {
  email: string;
  role: Role;
  name: string;
  company?: string;
  level?: number;
}

const DEMO_INSURERS = [
  { name: 'Gulf Insurance', priority: 1, email: 'insurer1@example.com' },
  { name: 'Kuwait Re', priority: 2, email: 'insurer2@example.com' },
] as const;

const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'admin@example.com', role: 'admin', name: 'Platform Admin' },
  { email: 'bank@example.com', role: 'bank', name: 'National Bank' },
  ...DEMO_INSURERS.map((i) => ({ email: i.email, role: 'insurance' as const, name: i.name, company: i.name })),
  { email: 'sme@example.com', role: 'sme', name: 'Al Noor Trading', level: 8 },
  { email: 'supplier@example.com', role: 'provider', name: 'Desert Office Supplies', level: 5 },
  { email: 'sme-new@example.com', role: 'sme', name: 'Blue Dhow Cafe', level: 1 },
  { email: 'sme-review@example.com', role: 'sme', name: 'Pearl Logistics', level: 4 },
  { email: 'supplier2@example.com', role: 'provider', name: 'Gulf Packaging Co', level: 5 },
  { email: 'supplier3@example.com', role: 'provider', name: 'Bahrain Fresh Foods', level: 5 },
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

export async function seedDemoData(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx
      .insert(signupCodes)
      .values([
        { role: 'sme', code: DEMO_SIGNUP_CODES.sme },
        { role: 'provider', code: DEMO_SIGNUP_CODES.provider },
      ])
      .onConflictDoNothing();
    const companies = await tx
      .insert(insuranceCompanies)
      .values(DEMO_INSURERS.map(({ name, priority }) => ({ name, priority })))
      .returning({ id: insuranceCompanies.id, name: insuranceCompanies.name });
    const companyId = new Map(companies.map((c) => [c.name, c.id]));

    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash,
          role: account.role,
          name: account.name,
          insuranceCompanyId: account.company ? (companyId.get(account.company) ?? null) : null,
        })
        .returning({ id: users.id });
      if (!user) throw new Error(`could not seed ${account.email}`);
      if (account.role === 'sme') await tx.insert(smes).values({ userId: user.id, level: account.level ?? 0 });
      if (account.role === 'provider') await tx.insert(providers).values({ userId: user.id, level: account.level ?? 0 });
    }
  });
}
