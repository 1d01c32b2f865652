// The only reader of process.env: every setting of the server, parsed and checked once at start.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_CURRENCY_CODE, ROLES, currencyOf, isCurrencyCode, unknownCurrencyMessage, type Currency, type Role } from '@qist/domain';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  // A streaming replica of the primary (DATABASE_URL or the embedded server): lists, dashboards and
  // CSV exports read from it, a user's own writes and every money decision from the primary (ADR 37).
  DATABASE_READ_URL: z
    .string()
    .url('DATABASE_READ_URL is the URL of a streaming replica of the primary, e.g. postgres://qist:secret@replica.example:5432/qist')
    .optional(),
  // Named (prepared) statements: parsed once per connection. A pooler in transaction mode that cannot keep
  // them per client (PgBouncer before 1.21) needs false: every statement is then sent unnamed (ADR 36).
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  // ISO 4217; its minor unit comes from Intl (docs/decisions/0019-currency.md). A database keeps the one it was made in.
  CURRENCY: z
    .string()
    .default(DEFAULT_CURRENCY_CODE)
    .refine(isCurrencyCode, { error: (issue) => unknownCurrencyMessage(String(issue.input)) }),
  SEED_DEMO: booleanFlag.default(true),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Qist <no-reply@qist.example>'),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  // Failed sign-ins judged (the password checked) before 429, under three ceilings at once
  // (docs/decisions/0011-sign-in-ceilings-and-head.md): per account and address, 10 in 15 minutes; per account
  // from every address, 50 in 24 hours (a lock-out a password reset ends); per address over every
  // account, 30 in an hour. A real user mistyping stays far below each.
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(50),
  LOGIN_ACCOUNT_WINDOW_HOURS: z.coerce.number().positive().max(24).default(24),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(30),
  LOGIN_ADDRESS_WINDOW_MINUTES: z.coerce.number().positive().max(1440).default(60),
  // Roles whose accounts must sign in with a second step (a TOTP code): comma-separated, may be empty.
  MFA_REQUIRED_ROLES: z
    .string()
    .default('admin,bank,insurance')
    .transform((v) => v.split(',').map((r) => r.trim()).filter((r) => r.length > 0))
    .pipe(z.array(z.enum(ROLES, { error: `MFA_REQUIRED_ROLES names roles among ${ROLES.join(', ')}` }))),
  SIGNUP_MAX_PER_HOUR: z.coerce.number().int().positive().default(20),
  // Requests for a password reset link per hour: per email (whether or not an account has it) from
  // every address, and per address over every email, so the form cannot be used to flood a mailbox.
  PASSWORD_FORGOT_MAX_PER_EMAIL: z.coerce.number().int().positive().default(5),
  PASSWORD_FORGOT_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  PREREGISTER_MAX_PER_HOUR: z.coerce.number().int().positive().default(10),
  // CSV downloads one process streams at once: each holds a pooled connection while it runs (ADR 25).
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().positive().max(8).default(2),
  TRUST_PROXY: booleanFlag.default(false),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(25),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(5),
  JOBS_INTERVAL_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  // The payment gateway (DESIGN.md §8). Unset, the sandbox is chosen only for a demo database: the
  // sandbox lets anyone approve any payment by its id, so production must say what it wants.
  PAYMENT_GATEWAY: z.enum(['sandbox', 'myfatoorah'], { error: 'PAYMENT_GATEWAY is sandbox or myfatoorah' }).optional(),
  // A payment started and not completed is given up after this long (the gateway's page is told to expire
  // then too), so the SME can start again; money that still arrives for it is settled or refunded.
  PAYMENT_PENDING_TTL_MINUTES: z.coerce.number().positive().max(4320).default(60),
  MYFATOORAH_BASE_URL: z.string().url().optional(),
  MYFATOORAH_API_KEY: z.string().min(1).optional(),
  MYFATOORAH_WEBHOOK_SECRET: z.string().min(1).optional(),
  // GET /metrics answers only with this bearer token (unset: the route answers 404); long enough not to be guessed.
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters (a random one: openssl rand -hex 32)')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces, as it travels in the Authorization header')
    .optional(),
  // API worker processes on the one port (Node's cluster; docs/decisions/0035-worker-processes.md).
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'WEB_CONCURRENCY is a whole number of worker processes from 1 to 64' })
    .int('WEB_CONCURRENCY is a whole number of worker processes from 1 to 64')
    .min(1, 'WEB_CONCURRENCY is a whole number of worker processes from 1 to 64')
    .max(64, 'WEB_CONCURRENCY is a whole number of worker processes from 1 to 64')
    .default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type PaymentGatewayName = 'sandbox' | 'myfatoorah';

export interface MyFatoorahSettings {
  /** The API's origin, e.g. https://api.myfatoorah.com (Kuwait) or https://apitest.myfatoorah.com (test). */
  baseUrl: string;
  apiKey: string;
  /** The webhook secret key of the MyFatoorah portal: webhooks are signed with it. */
  webhookSecret: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A streaming replica for reads that may lag (lists, dashboards, exports); unset, the primary answers them (ADR 37). */
  databaseReadUrl: string | undefined;
  /** Send named (prepared) statements; false for poolers that cannot keep them (ADR 36). */
  databasePreparedStatements: boolean;
  /** The platform's currency: every amount is in it, in minor units below the API. */
  currency: Currency;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  sessionSecret: string;
  sessionTtlMs: number;
  /** Failed sign-ins per account and address within loginWindowMs. */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** Failed sign-ins per account from every address within loginAccountWindowMs (at most a day). */
  loginAccountMaxFailures: number;
  loginAccountWindowMs: number;
  /** Failed sign-ins per address over every account within loginAddressWindowMs (at most a day). */
  loginAddressMaxFailures: number;
  loginAddressWindowMs: number;
  signupMaxPerHour: number;
  /** Roles that must sign in with a second step; an account of one without it can only set it up. */
  mfaRequiredRoles: readonly Role[];
  /** Password reset requests per email, and per address, within an hour. */
  passwordForgotMaxPerEmail: number;
  passwordForgotMaxPerAddress: number;
  preregisterMaxPerHour: number;
  /** CSV exports streaming at once in this process; the next one is refused with 429. */
  exportMaxConcurrent: number;
  trustProxy: boolean;
  /** A request (headers and body) must arrive whole within this; an idle connection is closed after it. */
  requestTimeoutMs: number;
  /** How often the jobs runner sweeps (auto-cancel, late marking, reminders). */
  jobsIntervalMs: number;
  keepAliveTimeoutMs: number;
  /** The gateway payments go through; the sandbox only when asked for or on a demo database. */
  paymentGateway: PaymentGatewayName;
  /** Set when paymentGateway is myfatoorah. */
  myfatoorah: MyFatoorahSettings | undefined;
  /** How long a started payment may stay pending before the platform gives it up. */
  paymentPendingTtlMs: number;
  /** The bearer token GET /metrics answers to; unset, the route answers 404. */
  metricsToken: string | undefined;
  logLevel: string;
  /** API worker processes `npm start` runs on the one port; 1 runs the API in the starting process itself. */
  webConcurrency: number;
  /** Folder of the built web app; the API serves it when it exists. */
  webDist: string;
}

/** Reads SESSION_SECRET from the environment, else from DATA_DIR, creating it there on first start. */
function resolveSessionSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** The gateway in use: never the sandbox by default outside a demo database. */
function resolvePaymentGateway(e: z.infer<typeof envSchema>): { paymentGateway: PaymentGatewayName; myfatoorah: MyFatoorahSettings | undefined } {
  const paymentGateway = e.PAYMENT_GATEWAY ?? (e.SEED_DEMO ? 'sandbox' : undefined);
  if (!paymentGateway) {
    throw new Error(
      'Invalid configuration: with SEED_DEMO=false set PAYMENT_GATEWAY to myfatoorah (with its MYFATOORAH_* settings), or to sandbox if test payments that anyone can approve are really wanted.',
    );
  }
  if (paymentGateway === 'sandbox') return { paymentGateway, myfatoorah: undefined };
  const missing = (['MYFATOORAH_BASE_URL', 'MYFATOORAH_API_KEY', 'MYFATOORAH_WEBHOOK_SECRET'] as const).filter((name) => !e[name]);
  if (missing.length > 0) throw new Error(`Invalid configuration: PAYMENT_GATEWAY=myfatoorah needs ${missing.join(', ')}.`);
  return {
    paymentGateway,
    myfatoorah: { baseUrl: e.MYFATOORAH_BASE_URL!.replace(/\/+$/, ''), apiKey: e.MYFATOORAH_API_KEY!, webhookSecret: e.MYFATOORAH_WEBHOOK_SECRET! },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const gateway = resolvePaymentGateway(e);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    currency: currencyOf(e.CURRENCY),
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    sessionSecret: resolveSessionSecret(e.SESSION_SECRET, dataDir),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    loginAccountMaxFailures: e.LOGIN_ACCOUNT_MAX_FAILURES,
    loginAccountWindowMs: e.LOGIN_ACCOUNT_WINDOW_HOURS * 3_600_000,
    loginAddressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
    loginAddressWindowMs: e.LOGIN_ADDRESS_WINDOW_MINUTES * 60_000,
    signupMaxPerHour: e.SIGNUP_MAX_PER_HOUR,
    mfaRequiredRoles: [...new Set(e.MFA_REQUIRED_ROLES)],
    passwordForgotMaxPerEmail: e.PASSWORD_FORGOT_MAX_PER_EMAIL,
    passwordForgotMaxPerAddress: e.PASSWORD_FORGOT_MAX_PER_ADDRESS,
    preregisterMaxPerHour: e.PREREGISTER_MAX_PER_HOUR,
    exportMaxConcurrent: e.EXPORT_MAX_CONCURRENT,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
    jobsIntervalMs: Math.round(e.JOBS_INTERVAL_SECONDS * 1000),
    keepAliveTimeoutMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    ...gateway,
    paymentPendingTtlMs: Math.round(e.PAYMENT_PENDING_TTL_MINUTES * 60_000),
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    webConcurrency: e.WEB_CONCURRENCY,
    webDist: path.resolve(e.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
  };
}

/** Uploaded documents and invoices. */
export function uploadsDir(config: Config): string {
  return path.join(config.dataDir, 'uploads');
}
