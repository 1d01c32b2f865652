// Test helpers: a fresh database per test file (cloned from the migrated template), the app
// built on it and called through app.inject, and factories that build state directly.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { BACK_OFFICE_ROLES, type Role } from '@qist/domain';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDatabase, type Database, type Db } from '../src/db/client.js';
import { auditEvents, categories, insuranceCompanies, providers, signupCodes, smes, users } from '../src/db/schema/index.js';
import { DEMO_PASSWORD, DEMO_SIGNUP_CODES, DEMO_TOTP_SECRET } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';
import { MFA_SECRET_PURPOSE, createSecretBox } from '../src/lib/secret-box.js';
import { newTotpSecret, totpCode } from '../src/lib/totp.js';
import { insertUser } from '../src/modules/auth/repository.js';
import type { PaymentGateway } from '../src/modules/orders/gateway.js';

export interface TestDatabase extends Database {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template qist_template`);
  } finally {
    await admin.end();
  }
  const url = inject('pgTemplateUrl').replace(/\/[^/]+$/, `/${name}`);
  const database = createDatabase(url, 4);
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export const TEST_SESSION_SECRET = 'test-secret-that-is-long-enough-for-hmac-0123456789';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qist-test-data-')),
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'silent',
    LOGIN_MAX_FAILURES: '1000',
    LOGIN_ACCOUNT_MAX_FAILURES: '1000',
    LOGIN_ADDRESS_MAX_FAILURES: '1000',
    SIGNUP_MAX_PER_HOUR: '1000',
    PREREGISTER_MAX_PER_HOUR: '1000',
    WEB_DIST: path.join(tmpdir(), 'qist-no-web-build'),
    ...overrides,
  });
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  config: Config;
}

/**
 * Registers beforeAll/afterAll hooks that give the file its own database and app.
 * `prepare` may add routes before the app is readied (to test shared mechanisms).
 */
export function useTestApp(
  options: { env?: Record<string, string>; prepare?: (app: FastifyInstance) => void; clock?: () => Date; gateway?: PaymentGateway } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.db = context.database.db;
    context.config = testConfig(options.env);
    context.app = await buildApp({
      config: context.config,
      db: context.db,
      logger: false,
      runDispatcher: false,
      runJobs: false,
      clock: options.clock,
      gateway: options.gateway,
    });
    options.prepare?.(context.app);
    await context.app.ready();
    await seedSignupCodes(context.db);
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.drop();
  });
  return context;
}

/**
 * A second API instance on the test app's database with a pool of its own, as another API process
 * has: it shares nothing with ctx.app but PostgreSQL (same config unless `env` changes some of it).
 */
export function useSecondApp(
  ctx: TestContext,
  options: { clock?: () => Date; env?: Record<string, string>; gateway?: PaymentGateway } = {},
): { readonly app: FastifyInstance } {
  const handle = {} as { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    handle.database = createDatabase(ctx.database.url, 4);
    const config = options.env ? { ...ctx.config, ...testConfig(options.env), dataDir: ctx.config.dataDir } : ctx.config;
    handle.app = await buildApp({ config, db: handle.database.db, logger: false, runDispatcher: false, runJobs: false, clock: options.clock, gateway: options.gateway });
    await handle.app.ready();
  });
  afterAll(async () => {
    await handle.app?.close();
    await handle.database?.close();
  });
  return {
    get app() {
      return handle.app;
    },
  };
}

/** The audit events about one target, oldest first. */
export async function auditEventsOf(db: Db, targetId: string): Promise<AuditRow[]> {
  const rows = await db
    .select({
      action: auditEvents.action,
      actor: auditEvents.actorEmail,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      ip: auditEvents.ip,
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .where(eq(auditEvents.targetId, targetId))
    .orderBy(asc(auditEvents.seq));
  return rows;
}
/**
 * The transaction that last wrote a row: its xmin, as text. An action's write and its audit event
 * written in one transaction carry the same one.
 */
export async function writerOf(db: Db, table: string, column: string, value: string): Promise<string> {
  const { rows } = await db.execute<{ xid: string }>(
    sql`select xmin::text as xid from ${sql.identifier(table)} where ${sql.identifier(column)}::text = ${value}`,
  );
  if (rows.length !== 1) throw new Error(`${rows.length} rows of ${table} where ${column} = ${value}`);
  return rows[0]!.xid;
}

export interface AuditRow {
  action: string;
  actor: string | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
}

export async function seedSignupCodes(db: Db): Promise<void> {
  await db
    .insert(signupCodes)
    .values([
      { role: 'sme', code: DEMO_SIGNUP_CODES.sme },
      { role: 'provider', code: DEMO_SIGNUP_CODES.provider },
    ])
    .onConflictDoNothing();
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@example.test`;
}

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  role: Role;
  /** Two-step sign-in is on: its secret, and the database loginAs completes the code step against. */
  totp?: { secret: string; db: Db };
}

/** Roles whose test accounts are created with two-step sign-in on unless asked otherwise. */
const ENROLLED_BY_DEFAULT: readonly Role[] = BACK_OFFICE_ROLES;

/** Turns two-step sign-in on for an account, as if it had set it up; returns the plain secret. */
export async function enrolMfa(db: Db, userId: string, secret = newTotpSecret(), sessionSecret = TEST_SESSION_SECRET): Promise<string> {
  const sealed = createSecretBox(sessionSecret, MFA_SECRET_PURPOSE).seal(secret);
  await db.update(users).set({ mfaSecret: sealed, mfaEnabledAt: new Date(), mfaLastStep: null }).where(eq(users.id, userId));
  return secret;
}

/** An account built directly in the database, with its SME/supplier profile at the given level. */
export async function createAccount(
  db: Db,
  options: {
    role: Role;
    email?: string;
    password?: string;
    level?: number;
    company?: string;
    creditLimit?: number;
    /** An activated SME's instalment plan in basis points (default 25/25/25/25). */
    plan?: number[];
    /** A verified supplier's discount rate in basis points (default 10%). */
    taxRate?: number;
    phone?: { countryCode: string; number: string };
    /** Two-step sign-in on (default: on for back-office roles, which need it; off for the others). */
    mfa?: boolean;
  },
): Promise<TestAccount> {
  const email = options.email ?? uniqueEmail(options.role);
  const password = options.password ?? 'correct-horse-battery';
  let insuranceCompanyId: string | null = null;
  if (options.role === 'insurance') {
    const [company] = await db
      .insert(insuranceCompanies)
      .values({ name: options.company ?? `Insurer ${email}`, priority: 100 + counter })
      .returning({ id: insuranceCompanies.id });
    insuranceCompanyId = company?.id ?? null;
  }
  const user = await insertUser(db, {
    email,
    passwordHash: await hashPassword(password),
    role: options.role,
    name: options.company ?? email.split('@')[0] ?? email,
    insuranceCompanyId,
  });
  if (options.role === 'sme') {
    // From level 7 on an SME holds the credit an insurer granted it.
    const creditLimit = options.creditLimit ?? ((options.level ?? 0) >= 7 ? 1_000_000 : 0);
    const installmentPlan = options.plan ?? ((options.level ?? 0) >= 8 ? [2500, 2500, 2500, 2500] : []);
    await db.insert(smes).values({
      userId: user.id,
      level: options.level ?? 0,
      creditLimit,
      creditAmount: creditLimit,
      installmentPlan,
      phoneCountryCode: options.phone?.countryCode ?? null,
      phoneNumber: options.phone?.number ?? null,
    });
  }
  if (options.role === 'provider') {
    const taxRate = options.taxRate ?? ((options.level ?? 0) >= 5 ? 1000 : null);
    await db.insert(providers).values({ userId: user.id, level: options.level ?? 0, taxRate, companyTitle: options.company ?? null });
  }
  const account: TestAccount = { id: user.id, email, password, role: options.role };
  if (options.mfa ?? ENROLLED_BY_DEFAULT.includes(options.role)) account.totp = { secret: await enrolMfa(db, user.id), db };
  return account;
}

/**
 * What an insurer's level-7 decision records beside the SME's level: its log, and its company on the SME
 * (which the SME's orders then carry). For an SME built with createAccount, before it orders.
 */
export async function recordCreditGranted(db: Db, smeUserId: string, insurer: { id: string }, desc = 'credit granted'): Promise<void> {
  await db.execute(sql`insert into verification_logs (user_id, level, "desc", operator_user_id, operator_role)
                       values (${smeUserId}, 7, ${desc}, ${insurer.id}, 'insurance')`);
  await db.execute(sql`update smes set insured_by = (select insurance_company_id from users where id = ${insurer.id}) where user_id = ${smeUserId}`);
}

/** A demo account of the seed (seedDemoData), to sign in with loginAs; back-office ones have the demo secret. */
export async function demoAccount(db: Db, email: string): Promise<TestAccount> {
  const [row] = await db.select({ id: users.id, role: users.role, mfa: users.mfaEnabledAt }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no demo account ${email}`);
  return { id: row.id, email, password: DEMO_PASSWORD, role: row.role, ...(row.mfa ? { totp: { secret: DEMO_TOTP_SECRET, db } } : {}) };
}

/**
 * Signs in through the API as the account: the password, then, for an account with two-step
 * sign-in, the code step with a code of its secret at the app's clock. A code is accepted once:
 * the account's last used step is forgotten first, so a test may sign in as it many times a minute.
 */
export async function loginAs(app: FastifyInstance, account: TestAccount): Promise<string> {
  return (await signIn(app, account)).token;
}

/** What a completed sign-in answers (login's content, or the code step's for an account with two-step sign-in). */
export async function signIn(app: FastifyInstance, account: TestAccount): Promise<{ token: string; 'user-role': Role; user: { language: string } }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: account.email, password: account.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const content = (response.json() as { content: { token: string; 'user-role': Role; user: { language: string }; mfaRequired?: true; mfaToken?: string } })
    .content;
  if (!content.mfaRequired) return content;
  if (!account.totp) throw new Error(`login of ${account.email} asks for a code and the test has no secret for it`);
  await account.totp.db.update(users).set({ mfaLastStep: null }).where(eq(users.id, account.id));
  const verify = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/mfa/verify',
    payload: { mfaToken: content.mfaToken, code: totpCode(account.totp.secret, app.mfaClock()) },
  });
  if (verify.statusCode !== 200) throw new Error(`code step failed: ${verify.body}`);
  return (verify.json() as { content: { token: string; 'user-role': Role; user: { language: string } } }).content;
}

/** A back-office account made by `npm run user:create`, enrolled in two-step sign-in as its role needs. */
export async function enrolledBackOffice(db: Db, account: { id: string; email: string; password: string; role: Role }): Promise<TestAccount> {
  return { ...account, totp: { secret: await enrolMfa(db, account.id), db } };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The envelope of a response, typed loosely for assertions. */
export function body(response: LightMyRequestResponse): { status: boolean; msg?: string; content?: any } {
  return response.json();
}

/** Industry categories for information forms; returns their ids by title. */
export async function seedCategories(db: Db, titles = ['Retail', 'Logistics', 'Packaging']): Promise<Record<string, string>> {
  const rows = await db
    .insert(categories)
    .values(titles.map((title) => ({ title, desc: `${title} businesses` })))
    .onConflictDoNothing()
    .returning({ id: categories.id, title: categories.title });
  return Object.fromEntries(rows.map((r) => [r.title, r.id]));
}

/** A multipart/form-data body with text fields and at most one file, for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: { field: string; filename: string; contentType: string; bytes: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----qist${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The smallest real files of each accepted type (1×1 white images as sharp encodes them on upload,
 * so they are stored unchanged; a one-page PDF), and one that only pretends.
 */
export const SAMPLE_FILES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4//8/AAX+Av5Y8msOAAAAAElFTkSuQmCC', 'base64'),
  pdf: Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj',
      '<</Type/Catalog/Pages 2 0 R>>',
      'endobj',
      '2 0 obj',
      '<</Type/Pages/Kids[3 0 R]/Count 1>>',
      'endobj',
      '3 0 obj',
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
      'endobj',
      '4 0 obj',
      '<</Length 59>>',
      'stream',
      'BT /F1 18 Tf 60 760 Td (Sample document: upload test) Tj ET',
      'endstream',
      'endobj',
      '5 0 obj',
      '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
      'endobj',
      'xref',
      '0 6',
      '0000000000 65535 f ',
      '0000000009 00000 n ',
      '0000000054 00000 n ',
      '0000000105 00000 n ',
      '0000000217 00000 n ',
      '0000000324 00000 n ',
      'trailer',
      '<</Size 6/Root 1 0 R>>',
      'startxref',
      '387',
      '%%EOF',
    ].join('\n') + '\n',
  ),
  jpeg: Buffer.from(
    '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAn/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpgA//Z',
    'base64',
  ),
  webp: Buffer.from('UklGRiYAAABXRUJQVlA4IBoAAAAwAQCdASoBAAEAAMASJaQAA3AA/v7deAAAAA==', 'base64'),
  textPretendingPng: Buffer.from('this is plain text, not an image'),
};

/** The database's own sentence for a refused statement (the query layer wraps it as its cause), or 'accepted'. */
export async function databaseRefusal(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return (cause instanceof Error ? cause : (error as Error)).message;
  }
  return 'accepted';
}
