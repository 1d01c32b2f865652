// Test helpers: a fresh database per test file (cloned from the migrated template), the app
// built on it and called through app.inject, and factories that build state directly.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Role } from '@qist/domain';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDatabase, type Database, type Db } from '../src/db/client.js';
import { insuranceCompanies, providers, signupCodes, smes } from '../src/db/schema/index.js';
import { DEMO_SIGNUP_CODES } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';
import { insertUser } from '../src/modules/auth/repository.js';

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

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qist-test-data-')),
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac-0123456789',
    LOG_LEVEL: 'silent',
    LOGIN_MAX_FAILURES: '1000',
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
  options: { env?: Record<string, string>; prepare?: (app: FastifyInstance) => void } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.db = context.database.db;
    context.config = testConfig(options.env);
    context.app = await buildApp({ config: context.config, db: context.db, logger: false });
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
}

/** An account built directly in the database, with its SME/supplier profile at the given level. */
export async function createAccount(
  db: Db,
  options: { role: Role; email?: string; password?: string; level?: number; company?: string },
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
  if (options.role === 'sme') await db.insert(smes).values({ userId: user.id, level: options.level ?? 0 });
  if (options.role === 'provider') await db.insert(providers).values({ userId: user.id, level: options.level ?? 0 });
  return { id: user.id, email, password, role: options.role };
}

export async function loginAs(app: FastifyInstance, account: TestAccount): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: account.email, password: account.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return (response.json() as { content: { token: string } }).content.token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The envelope of a response, typed loosely for assertions. */
export function body(response: LightMyRequestResponse): { status: boolean; msg?: string; content?: any } {
  return response.json();
}
