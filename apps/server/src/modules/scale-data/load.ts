// `npm run seed:scale`: writes a consistent data set of any size into the product's own database in
// one transaction. Parties and orders are generated in Node (orders by story.ts, through the domain's
// schedule and ledger functions) and streamed with COPY in batches; what follows from them (each SME's
// credit from its receivable, the verification logs) is written with set-based SQL; then set-based
// checks prove what the foreign keys and the ledger's deferred triggers would have proven, before the
// commit. See docs/decisions/0024-seed-at-scale.md.
import { hash } from '@node-rs/argon2';
import { ORDER_STATUS, type Currency } from '@qist/domain';
import type pg from 'pg';
import { rebuildStatements } from '../../db/rollups/index.js';
import { at, BinaryCopyBuffer, CopyBuffer, CopyQueue, copyJob, columnTypes } from './copy.js';
import { checkScaleData, type CheckResult } from './checks.js';
import { postgresCpu } from './cpu.js';
import { Rng } from './random.js';
import { orderStory, STREAM, type World } from './story.js';

export const SANDBOX_GATEWAY = 'sandbox';
/** The sandbox's payment page (modules/orders/sandbox-gateway.ts), as its payments' rows name it. */
const SANDBOX_PAGE_PATH = '/gateway/sandbox/';
/** Every account the load makes signs in with this password (the demo's). */
export const SCALE_PASSWORD = 'demo12345';
export const SCALE_EMAIL_DOMAIN = 'scale.example';
const DAY = 86_400_000;

/** The instalment plans SMEs are activated with (basis points), each a whole plan. */
const PLANS = [[2500, 2500, 2500, 2500], [5000, 5000], [3334, 3333, 3333], [1000, 2000, 3000, 4000], [2000, 2000, 2000, 2000, 2000]];

export interface ScaleOptions {
  orders: number;
  smes: number;
  suppliers: number;
  seed: number;
  months: number;
  /** Orders generated and streamed per COPY round. */
  batch: number;
  /** The data's "now" (epoch ms): the same seed and now give the same data. */
  now: number;
  /** Load into a database that already holds orders (other than the demo's). */
  append: boolean;
  /** Print the plan of each set-based statement (it runs under EXPLAIN ANALYZE). */
  explain: boolean;
  currency: Currency;
  log?: (line: string) => void;
}

/** A phase's wall-clock seconds, and the CPU seconds Node and (when it runs here) PostgreSQL spent in it. */
export interface Phase {
  phase: string;
  seconds: number;
  nodeCpu?: number;
  postgresCpu?: number;
}

export interface ScaleReport {
  rows: Record<string, number>;
  phases: Phase[];
  checks: CheckResult[];
  triggersOff: boolean;
}

export class ScaleRefusal extends Error {}

/** The tables a batch of orders writes to. */
const ORDER_TABLES = ['orders', 'installments', 'payments', 'sandbox_transactions', 'refunds', 'ledger_entries', 'ledger_postings', 'payout_approvals'];
/** Columns whose generated values grow with the order index (ids from random.ts, sbx_ + a payment id). */
const GROWING_KEYS = ['id', 'order_id', 'entry_id', 'payment_id', 'installment_id', 'transaction_id'];


/** Defaults that keep the shape of the issue's bench: 50 orders per SME, 100 SMEs per supplier. */
export function defaultCounts(orders: number): { smes: number; suppliers: number } {
  const smes = Math.max(1, Math.ceil(orders / 50));
  return { smes, suppliers: Math.max(1, Math.ceil(smes / 100)) };
}

/**
 * What the product keeps beside the orders, written from what the load wrote: a canceled order's unpaid
 * instalments closed (as every cancel closes them, ADR 26), then the rollups (ADR 23) refilled from the
 * rows, set-based, by the same statements a change of their definition runs.
 */
export async function writeKeptBesideOrders(_client: pg.PoolClient, run: (label: string, text: string, values?: unknown[]) => Promise<pg.QueryResult>): Promise<void> {
  await run(
    'closed instalments',
    `update installments i set closed_at = o.updated_at from orders o
     where o.id = i.order_id and o.status = ${ORDER_STATUS.canceled} and i.paid_at is null and i.closed_at is null`,
  );
  for (const statement of rebuildStatements()) await run('rollups', statement);
}

interface BackOffice {
  adminId: string;
  bankIds: [string, string];
  /** The insurers' users in priority order, one per company, with the company's name. */
  insurers: { userId: string; company: string; companyId: string }[];
}

export async function loadScaleData(client: pg.PoolClient, options: ScaleOptions): Promise<ScaleReport> {
  const log = options.log ?? (() => {});
  const phases: Phase[] = [];
  const rows: Record<string, number> = {};
  const count = (table: string, n: number) => (rows[table] = (rows[table] ?? 0) + n);
  const serverCpu = await postgresCpu(client);
  const nodeCpu = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1e6;
  };
  const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const [node0, server0] = [nodeCpu(), serverCpu?.()];
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    const spent: Phase = { phase, seconds, nodeCpu: nodeCpu() - node0 };
    if (serverCpu && server0 !== undefined) spent.postgresCpu = serverCpu() - server0;
    phases.push(spent);
    log(`  ${phase}: ${seconds.toFixed(1)} s (CPU: Node ${spent.nodeCpu!.toFixed(1)} s${spent.postgresCpu === undefined ? '' : `, PostgreSQL ${spent.postgresCpu.toFixed(1)} s`})`);
    return result;
  };
  const run = async (label: string, text: string, values: unknown[] = []) => {
    if (!options.explain) return client.query(text, values);
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${text}`, values);
    log(`plan of ${label}:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    return plan as unknown as pg.QueryResult;
  };

  const seedTag = String(options.seed);
  const emailOf = (kind: 'sme' | 'supplier', n: number) => `${kind}-${seedTag}-${n}@${SCALE_EMAIL_DOMAIN}`;

  await client.query('begin');
  try {
    const preflight = await client.query<{ foreign_orders: boolean; taken: boolean }>(
      `select exists (select 1 from orders o join smes s on s.id = o.sme_id join users u on u.id = s.user_id
                      where u.email not like '%@example.com') as foreign_orders,
              exists (select 1 from users where email = $1) as taken`,
      [emailOf('sme', 1)],
    );
    if (preflight.rows[0]?.taken) throw new ScaleRefusal(`seed ${seedTag} was already loaded into this database (${emailOf('sme', 1)} exists): choose another --seed`);
    if (preflight.rows[0]?.foreign_orders && !options.append) {
      throw new ScaleRefusal('this database already holds orders besides the demo\'s: pass --append to add to them, or use an empty database');
    }
    let triggersOff = true;
    try {
      await client.query('savepoint replica');
      await client.query('set local session_replication_role = replica');
      await client.query('release savepoint replica');
    } catch {
      // Only a superuser may skip triggers; otherwise the guards run as rows arrive (slower, as safe).
      await client.query('rollback to savepoint replica');
      triggersOff = false;
    }

    const settings = (
      await client.query<{ bank_share_rate: number; payout_approval_threshold: string }>(
        'select bank_share_rate, payout_approval_threshold from platform_settings limit 1',
      )
    ).rows[0];
    const backOffice = await timed('back office', () => ensureBackOffice(client, options.seed));
    // About half the SMEs are insured by the first insurance company, the rest by the next one: the
    // company is written on the SME and its orders (ADR 30) and its user signs the level-7 log.
    const insurerA = backOffice.insurers[0]!;
    const insurerB = backOffice.insurers[1] ?? insurerA;
    const rng = new Rng(options.seed, 0, 0);
    const salt = Uint8Array.from({ length: 16 }, () => rng.word() & 255);
    const passwordHash = await hash(SCALE_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1, salt });

    const since = new Date(options.now);
    since.setUTCMonth(since.getUTCMonth() - options.months);
    const world: World = {
      seed: options.seed,
      now: options.now,
      since: since.getTime(),
      smes: [],
      suppliers: [],
      bankShareRate: settings?.bank_share_rate ?? 1000,
      payoutApprovalThreshold: Number(settings?.payout_approval_threshold ?? 0),
      minorFactor: 10 ** options.currency.minorUnit,
    };

    // ---- the parties
    await timed('parties', async () => {
      const users = new CopyBuffer('users', ['id', 'email', 'password_hash', 'role', 'name', 'email_verified_at', 'language', 'created_at', 'updated_at']);
      const smes = new CopyBuffer('smes', [
        'id', 'user_id', 'level', 'first_name', 'last_name', 'company_title', 'company_desc', 'address', 'phone_country_code', 'phone_number',
        'admin_verified', 'bank_verified', 'credit_request', 'installment_plan', 'insured_by', 'created_at', 'updated_at',
      ]);
      const providers = new CopyBuffer('providers', [
        'id', 'user_id', 'level', 'first_name', 'last_name', 'company_title', 'company_desc', 'address', 'phone_country_code', 'phone_number',
        'admin_verified', 'bank_verified', 'website', 'company_vat', 'tax_rate', 'created_at', 'updated_at',
      ]);
      const joined = (r: Rng) => world.since - r.int(10 * DAY, 60 * DAY);
      for (let j = 0; j < options.smes; j += 1) {
        const r = new Rng(options.seed, STREAM.sme, j);
        const userId = r.uuid();
        const id = r.uuid();
        const plan = PLANS[r.word() % PLANS.length]!;
        const created = at(joined(r));
        const title = `Scale Trading ${seedTag}-${j + 1}`;
        users.add([userId, emailOf('sme', j + 1), passwordHash, 'sme', title, created, r.chance(0.2) ? 'ar' : 'en', created, created]);
        const insurerId = (j % 2 === 0 ? insurerA : insurerB).companyId;
        smes.add([
          id, userId, 8, 'Scale', `SME ${j + 1}`, title, 'A trading company (scale data)', 'Kuwait City, Kuwait', '965', String(50_000_000 + r.int(0, 9_999_999)),
          true, true, r.int(20, 200) * 1_000 * world.minorFactor, `{${plan.join(',')}}`, insurerId, created, created,
        ]);
        world.smes.push({ id, plan, insurerId });
      }
      for (let j = 0; j < options.suppliers; j += 1) {
        const r = new Rng(options.seed, STREAM.supplier, j);
        const userId = r.uuid();
        const id = r.uuid();
        const taxRate = 100 * r.int(2, 15);
        const created = at(joined(r));
        const title = `Scale Supplies ${seedTag}-${j + 1}`;
        users.add([userId, emailOf('supplier', j + 1), passwordHash, 'provider', title, created, 'en', created, created]);
        providers.add([
          id, userId, 5, 'Scale', `Supplier ${j + 1}`, title, 'A wholesale supplier (scale data)', 'Kuwait City, Kuwait', '965', String(60_000_000 + r.int(0, 9_999_999)),
          true, false, `https://supplier-${seedTag}-${j + 1}.${SCALE_EMAIL_DOMAIN}`, `KW${60_000_000 + j}`, taxRate, created, created,
        ]);
        world.suppliers.push({ id, taxRate, title });
      }
      for (const job of [users.take()]) {
        await copyJob(client, job);
        count(job.table, job.rows);
      }
      for (const job of [smes.take()]) {
        await copyJob(client, job);
        count(job.table, job.rows);
      }
      for (const job of [providers.take()]) {
        await copyJob(client, job);
        count(job.table, job.rows);
      }
    });

    // Room for the index builds' sorts and the checks' hash joins and aggregates (this transaction only).
    await client.query(`set local maintenance_work_mem = '1GB'`);
    await client.query(`set local work_mem = '512MB'`);
    // A parallel plan has each worker build the same hash of a parent table (or aggregate the same
    // postings) again: on two cores that is twice the work for the checks, not half the time.
    await client.query(`set local max_parallel_workers_per_gather = 0`);

    // ---- indexes whose keys land all over the tree (times, SMEs, accounts, statuses) are built once
    // after the copies, on a new database; those led by an id that grows with the order index (and the
    // primary keys) are appended to as the rows arrive, which costs little.
    const rebuild = options.append
      ? []
      : (
          await client.query<{ name: string; definition: string }>(
            `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
             from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
             join pg_namespace n on n.oid = t.relnamespace
             join pg_attribute a on a.attrelid = t.oid and a.attnum = x.indkey[0]
             where n.nspname = current_schema() and t.relname = any($1) and not x.indisprimary
               and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
               and a.attname <> all($2)
             order by t.relname, i.relname`,
            [ORDER_TABLES, GROWING_KEYS],
          )
        ).rows;
    for (const index of rebuild) await client.query(`drop index "${index.name}"`);

    // ---- the orders, batch by batch: every table's rows of a batch, then one COPY per table
    await timed('orders and money', async () => {
      // COPY's binary form: PostgreSQL takes each uuid, number and timestamp as it is stored, without
      // parsing its text (the encoders follow the columns' types as the catalogue gives them).
      const types = await columnTypes(client, ORDER_TABLES);
      const orders = new BinaryCopyBuffer('orders', [
        'id', 'sme_id', 'provider_id', 'amount', 'status', 'paid', 'description', 'tax_rate', 'bank_share_rate', 'verify_code', 'invoice_file',
        'late_active', 'late_once', 'reached_supplier', 'insurer_id', 'created_at', 'updated_at',
      ], types);
      const installments = new BinaryCopyBuffer('installments', ['id', 'order_id', 'sme_id', 'order_created_at', 'position', 'rate', 'amount', 'deadline', 'paid_at', 'reminder_sent_at', 'late_notice_sent_at'], types);
      const payments = new BinaryCopyBuffer('payments', ['id', 'transaction_id', 'gateway', 'payment_url', 'order_id', 'sme_id', 'installment_id', 'amount', 'status', 'created_at', 'settled_at'], types);
      const sandbox = new BinaryCopyBuffer('sandbox_transactions', ['id', 'amount', 'description', 'status', 'created_at', 'completed_at'], types);
      const refunds = new BinaryCopyBuffer('refunds', [
        'id', 'payment_id', 'order_id', 'sme_id', 'gateway', 'transaction_id', 'amount', 'reason', 'status', 'gateway_refund_id', 'attempts',
        'next_attempt_at', 'created_at', 'updated_at', 'completed_at',
      ], types);
      const entries = new BinaryCopyBuffer('ledger_entries', ['id', 'kind', 'order_id', 'sme_id', 'payment_id', 'created_at'], types);
      const postings = new BinaryCopyBuffer('ledger_postings', ['entry_id', 'account', 'sme_id', 'order_id', 'amount', 'created_at'], types);
      const approvals = new BinaryCopyBuffer('payout_approvals', ['id', 'order_id', 'amount', 'requested_by', 'requested_at', 'status', 'decided_by', 'decided_at'], types);
      const tables = [orders, installments, payments, sandbox, refunds, entries, postings, approvals];
      const [bank, approver] = backOffice.bankIds;

      let generating = 0;
      const queue = new CopyQueue(client);
      for (let start = 0; start < options.orders; start += options.batch) {
        let sliceStart = performance.now();
        const end = Math.min(options.orders, start + options.batch);
        for (let i = start; i < end; i += 1) {
          if (i % 256 === 0) {
            // Let the COPY of the batch before stream out while this one is generated.
            generating += performance.now() - sliceStart;
            await new Promise((resolve) => setImmediate(resolve));
            sliceStart = performance.now();
          }
          const o = orderStory(world, i);
          const { id: smeId, insurerId } = world.smes[o.smeIndex]!;
          const supplier = world.suppliers[o.supplierIndex]!;
          // One value per column, timestamps as epoch milliseconds.
          orders.row([
            o.id, smeId, supplier.id, o.amount, o.status, o.paid, o.description, o.taxRate, o.bankShareRate,
            o.verifyCode, o.invoiceFile, o.lateActive, o.lateOnce, o.reachedSupplier, insurerId, o.createdAt, o.updatedAt,
          ]);
          for (const x of o.installments) {
            installments.row([x.id, o.id, smeId, o.createdAt, x.position, x.rate, x.amount, x.deadline, x.paidAt, x.reminderSentAt, x.lateNoticeSentAt]);
          }
          const description = `${supplier.title}: ${o.description}`.slice(0, 200);
          for (const p of o.payments) {
            payments.row([p.id, p.transactionId, SANDBOX_GATEWAY, `${SANDBOX_PAGE_PATH}${p.transactionId}`, o.id, smeId, p.installmentId, p.amount, p.status, p.createdAt, p.settledAt]);
            sandbox.row([p.transactionId, p.amount, description, p.status, p.createdAt, p.completedAt]);
            if (p.refundId && p.refundedAt !== null) {
              const done = p.refundedAt + 1_000;
              refunds.row([
                p.refundId, p.id, o.id, smeId, SANDBOX_GATEWAY, p.transactionId, p.amount, 'declined', 'succeeded', p.transactionId, 1,
                p.refundedAt, p.refundedAt, done, done,
              ]);
            }
          }
          for (const e of o.entries) {
            entries.row([e.id, e.entry.kind, o.id, smeId, e.paymentId, e.at]);
            for (const p of e.entry.postings) postings.row([e.id, p.account, p.account === 'sme_receivable' ? smeId : null, o.id, p.amountMinor, e.at]);
          }
          if (o.approval) {
            const decided = o.approval.status === 'approved';
            approvals.row([o.approval.id, o.id, o.amount, bank, o.approval.requestedAt, o.approval.status, decided ? approver : null, o.approval.decidedAt]);
          }
        }
        generating += performance.now() - sliceStart;
        // At most one batch streams while the next is generated.
        await queue.settle();
        for (const table of tables) {
          const job = table.take();
          count(job.table, job.rows);
          queue.push(job);
        }
        log(`    ${end.toLocaleString('en-US')} of ${options.orders.toLocaleString('en-US')} orders generated`);
      }
      await queue.settle();
      phases.push({ phase: '  generating rows (Node, overlapping the copies)', seconds: generating / 1000 });
      for (const [table, seconds] of queue.seconds) phases.push({ phase: `  copy ${table}`, seconds });
    });

    if (rebuild.length > 0) {
      await timed(`indexes (${rebuild.length} built after the copies)`, async () => {
        for (const index of rebuild) await client.query(index.definition);
      });
    }

    // ---- what follows from the rows, set-based
    await timed('credit and verification logs', async () => {
      await client.query(
        `create temp table scale_new_parties on commit drop as
         select u.id as user_id, u.role, u.created_at, s.id as sme_id,
                row_number() over (partition by u.role order by u.email) as n
         from users u left join smes s on s.user_id = u.id
         where u.email ~ $1`,
        [`^(sme|supplier)-${seedTag}-[0-9]+@${SCALE_EMAIL_DOMAIN.replace('.', '\\.')}$`],
      );
      // Credit: spend is the SME's receivable in the ledger; the limit covers it with room to buy more.
      const step = 1_000 * world.minorFactor;
      await run(
        'credit from the ledger',
        `update smes s set credit_spend = r.balance,
                credit_limit = greatest(s.credit_request, ((r.balance * 5 / 4) / $1 + 1) * $1),
                credit_amount = greatest(s.credit_request, ((r.balance * 5 / 4) / $1 + 1) * $1) - r.balance,
                credit_request = greatest(s.credit_request, ((r.balance * 5 / 4) / $1 + 1) * $1)
         from (select n.sme_id, coalesce(sum(p.amount), 0)::bigint as balance
               from scale_new_parties n left join ledger_postings p on p.account = 'sme_receivable' and p.sme_id = n.sme_id
               where n.sme_id is not null group by n.sme_id) r
         where s.id = r.sme_id`,
        [step],
      );
      // One log per level reached, by the operator who moves that level (admin 5 and 8, bank 6, the
      // user of the SME's insurer 7).
      await run(
        'verification logs',
        `insert into verification_logs (user_id, level, "desc", code, params, operator_user_id, operator_role, created_at)
         select n.user_id, l.level, '', (array['accountCreated','emailVerified','phoneVerified','infoAdded','documentsUploaded','verified','verified','creditGranted','activated'])[l.level + 1],
                case when l.level = 7 then jsonb_build_object('amount', (s.credit_limit::numeric / $6)::float8, 'company', case when s.insured_by = $8 then $4 else $5 end) else '{}'::jsonb end,
                case when l.level in (5, 8) then $1::uuid when l.level = 6 then $7::uuid
                     when l.level = 7 then (case when s.insured_by = $8 then $2 else $3 end)::uuid else n.user_id end,
                (case when l.level in (5, 8) then 'admin' when l.level = 6 then 'bank' when l.level = 7 then 'insurance' else n.role::text end)::role,
                n.created_at + l.level * interval '1 day'
         from scale_new_parties n
         left join smes s on s.id = n.sme_id
         cross join lateral generate_series(0, case when n.role = 'sme' then 8 else 5 end) l(level)`,
        [backOffice.adminId, insurerA.userId, insurerB.userId, insurerA.company, insurerB.company, world.minorFactor, backOffice.bankIds[0], insurerA.companyId],
      );
      await run(
        'party categories',
        `insert into party_categories (user_id, category_id)
         select n.user_id, c.ids[1 + (n.n % cardinality(c.ids))]
         from scale_new_parties n, (select array_agg(id order by title) as ids from categories) c
         where cardinality(c.ids) > 0`,
      );
      // Counted afterwards: under --explain the statements answer with their plans.
      const written = await client.query<{ logs: number; categories: number }>(
        `select (select count(*) from verification_logs l join scale_new_parties n on n.user_id = l.user_id)::int as logs,
                (select count(*) from party_categories c join scale_new_parties n on n.user_id = c.user_id)::int as categories`,
      );
      count('verification_logs', written.rows[0]?.logs ?? 0);
      count('party_categories', written.rows[0]?.categories ?? 0);
      await writeKeptBesideOrders(client, run);
    });

    const checks = await timed('checks', () => checkScaleData(client, options.explain ? run : undefined));
    const failed = checks.filter((c) => !c.ok);
    if (failed.length > 0) throw new Error(`the loaded data is not consistent, nothing was written:\n${failed.map((c) => `  - ${c.sentence}`).join('\n')}`);
    await timed('commit', async () => void (await client.query('commit')));
    await timed('analyze', async () => void (await client.query('analyze')));
    return { rows, phases, checks, triggersOff };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/**
 * The back-office users the story needs: an admin, two bank users (four eyes on payouts) and an insurer
 * per company. The demo's when present (SEED_DEMO), else made once for the scale data.
 */
async function ensureBackOffice(client: pg.PoolClient, seed: number): Promise<BackOffice> {
  const find = async () => {
    const users = await client.query<{ id: string; role: string; company: string | null; company_id: string | null }>(
      `select u.id, u.role, c.name as company, c.id as company_id from users u left join insurance_companies c on c.id = u.insurance_company_id
       where u.role in ('admin', 'bank', 'insurance') and u.active
       order by case u.role when 'insurance' then c.priority else 0 end, u.created_at, u.email`,
    );
    const admin = users.rows.find((u) => u.role === 'admin');
    const banks = users.rows.filter((u) => u.role === 'bank');
    const insurers = new Map<string, { userId: string; company: string; companyId: string }>();
    for (const u of users.rows) {
      if (u.role === 'insurance' && u.company && u.company_id && !insurers.has(u.company_id)) insurers.set(u.company_id, { userId: u.id, company: u.company, companyId: u.company_id });
    }
    return { admin, banks, insurers: [...insurers.values()] };
  };
  let found = await find();
  if (!found.admin || found.banks.length < 2 || found.insurers.length === 0) {
    const rng = new Rng(seed, 9, 0);
    const salt = Uint8Array.from({ length: 16 }, () => rng.word() & 255);
    const passwordHash = await hash(SCALE_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1, salt });
    const add = (email: string, role: string, name: string, company: string | null = null) =>
      client.query(
        `insert into users (email, password_hash, role, name, insurance_company_id, email_verified_at)
         values ($1, $2, $3, $4, (select id from insurance_companies where name = $5), now()) on conflict do nothing`,
        [email, passwordHash, role, name, company],
      );
    if (!found.admin) await add(`admin@${SCALE_EMAIL_DOMAIN}`, 'admin', 'Scale Admin');
    for (let k = found.banks.length; k < 2; k += 1) await add(`bank${k + 1}@${SCALE_EMAIL_DOMAIN}`, 'bank', `Scale Bank ${k + 1}`);
    if (found.insurers.length === 0) {
      await client.query(
        `insert into insurance_companies (name, priority) values ('Scale Insurance', coalesce((select max(priority) from insurance_companies), 0) + 1)
         on conflict do nothing`,
      );
      await add(`insurer@${SCALE_EMAIL_DOMAIN}`, 'insurance', 'Scale Insurance', 'Scale Insurance');
    }
    found = await find();
  }
  return { adminId: found.admin!.id, bankIds: [found.banks[0]!.id, found.banks[1]!.id], insurers: found.insurers };
}
