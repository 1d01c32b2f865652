// Every CSV export streams from one cursor in one read-only snapshot (ADR 25): the bytes are those the
// paged exports wrote, the rows come in batches, a change made mid-download is not in the file, the
// connection goes back to the pool when the client leaves, only a few exports run at once, and HEAD
// reads nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { desc, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ALL_FILTER,
  MESSAGES,
  activeCurrency,
  basisPointsToFraction,
  basisPointsToPercentText,
  fromMinorUnits,
  minorUnitsText,
  orderStatusName,
  type AuditFilterQuery,
} from '@qist/domain';
import { arMessages } from '../../../web/src/i18n/locales/messages-ar.js';
import { EXPORT_BATCH_ROWS } from '../../src/db/csv-export.js';
import { auditEvents } from '../../src/db/schema/index.js';
import type { Db } from '../../src/db/client.js';
import { CSV_BOM, csvLine } from '../../src/lib/csv.js';
import { auditCells } from '../../src/modules/audit/service.js';
import * as auditRepo from '../../src/modules/audit/repository.js';
import * as backofficeRepo from '../../src/modules/backoffice/repository.js';
import { providerCells, smeCells } from '../../src/modules/backoffice/service.js';
import type { InstallmentListRow, OrderRow } from '../../src/modules/orders/repository.js';
import * as projections from '../../src/modules/parties/projections.js';
import * as preregistrationRepo from '../../src/modules/preregistration/repository.js';
import { preregistrationCells } from '../../src/modules/preregistration/service.js';
import { PartyCells } from '../../src/modules/orders/export-lines.js';
import { bearer, createAccount, loginAs, recordCreditGranted, useTestApp, type TestAccount } from '../helpers.js';

const ctx = useTestApp();
let adminHeaders: Record<string, string>;
let smeHeaders: Record<string, string>;
let supplierId: string;
/** Gulf Cover insured the second SME (before its orders, as an SME is insured before it can order). */
let insurer: TestAccount;

/** Orders inserted straight into the database: enough for many batches, with every kind of cell. */
const ORDER_COUNT = 20_000;

beforeAll(async () => {
  const admin = await createAccount(ctx.db, { role: 'admin' });
  adminHeaders = bearer(await loginAs(ctx.app, admin));
  const sme = await createAccount(ctx.db, { role: 'sme', level: 8, company: 'مخبز "الخليج", Kuwait' });
  smeHeaders = bearer(await loginAs(ctx.app, sme));
  const sme2 = await createAccount(ctx.db, { role: 'sme', level: 8, company: '=cmd|calc' });
  await ctx.db.execute(sql`update smes set company_title = case when user_id = ${sme.id} then 'مخبز "الخليج", Kuwait' else '=cmd|calc' end, phone_country_code = '965', phone_number = '55512345'
                           where user_id in (${sme.id}, ${sme2.id})`);
  insurer = await createAccount(ctx.db, { role: 'insurance', company: 'Gulf Cover' });
  await recordCreditGranted(ctx.db, sme2.id, insurer);
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5, company: ' ＋Supplies, Ltd' });
  await createAccount(ctx.db, { role: 'provider', level: 4 });
  supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
  const smeIds = await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id in (${sme.id}, ${sme2.id}) order by company_title`);
  // Descriptions with quotes, commas, line breaks, Arabic and formulas; pairs of orders created in the
  // same microsecond (the order's tie-break on id); amounts in every size; every status.
  await ctx.db.execute(sql`
    insert into orders (sme_id, provider_id, amount, status, reached_supplier, paid, description, tax_rate, bank_share_rate,
                        late_active, late_once, created_at, updated_at)
    select (array[${smeIds.rows[0]!.id}::uuid, ${smeIds.rows[1]!.id}::uuid])[1 + g % 2], ${supplierId}, 1 + (g * 7919) % 5000000,
           -1 + g % 8, g % 8 >= 2, g % 5 = 0,
           (array['Office chairs', 'say "hi", twice', e'two\nlines', '＝1+1', '  @SUM(A1)', 'كراسي مكتب', '-5 boxes', 'Boxes ＝ 40'])[1 + g % 8] || ' ' || g,
           (g % 3) * 125, 5000, g % 11 = 0, g % 13 = 0,
           timestamptz '2026-01-01 00:00:00+00' + ((g / 2) * 1237) * interval '1 microsecond' + ((g / 2) % 1000) * interval '1 minute',
           now()
    from generate_series(1, ${ORDER_COUNT}) g`);
  await ctx.db.execute(sql`
    insert into installments (order_id, sme_id, order_created_at, position, rate, amount, deadline, paid_at)
    select o.id, o.sme_id, o.created_at, k, 2500, case when k < 3 then o.amount / 4 else o.amount - 3 * (o.amount / 4) end,
           o.created_at + k * interval '30 days', case when k < 2 then o.created_at + k * interval '30 days' + interval '1.5 seconds' end
    from (select * from orders order by created_at limit 3000) o cross join generate_series(0, 3) k`);
  await ctx.db.execute(sql`
    insert into preregistrations (company_name, business_sector, year_of_establishment, company_email, company_phone, loan_amount, ip, created_at)
    select (array['Gulf "Bakery"', '+Trading', 'مصنع, الكويت'])[1 + g % 3] || g, 'retail', 1990 + g % 30, 'form' || g || '@example.test',
           '+965 5555' || g, g * 1001, '127.0.0.1', timestamptz '2026-02-01 00:00:00+00' + (g / 3) * interval '1 second'
    from generate_series(1, 1200) g`);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/*
 * The exports as they were written before the cursor (kept here only to compare the bytes): BOM and
 * header, then batches of 500 fetched page by page or after the previous batch's last row.
 */
function pagedCsv<T>(header: readonly string[], toCells: (row: T) => unknown[], next: (after: T | undefined) => Promise<T[]>): Readable {
  let last: T | undefined;
  let started = false;
  return new Readable({
    async read() {
      if (!started) {
        started = true;
        this.push(CSV_BOM + csvLine(header));
        return;
      }
      const batch = await next(last);
      if (batch.length === 0) return void this.push(null);
      last = batch[batch.length - 1];
      this.push(batch.map((row) => csvLine(toCells(row))).join(''));
    },
  });
}

function pageByPage<T>(fetchPage: (page: number) => Promise<T[]>): () => Promise<T[]> {
  let page = 0;
  return () => fetchPage(++page);
}

const OLD_ORDER_COLUMNS = sql`o.id, o.sme_id, o.provider_id, o.amount, o.status, o.paid, o.description, o.tax_rate,
  o.bank_share_rate, o.verify_code, o.invoice_file, o.late_active, o.late_once, o.created_at, o.updated_at,
  s.company_title as sme_title, su.email as sme_email, p.company_title as provider_title, pu.email as provider_email`;

async function oldOrderBatch(db: Db, after: OrderRow | undefined): Promise<OrderRow[]> {
  const page = after ? sql`and (o.created_at, o.id) < (${after.created_at}::timestamptz, ${after.id}::uuid)` : sql``;
  const result = await db.execute<OrderRow>(
    sql`select ${OLD_ORDER_COLUMNS} from orders o join smes s on s.id = o.sme_id join users su on su.id = s.user_id
          join providers p on p.id = o.provider_id join users pu on pu.id = p.user_id where true ${page}
        order by o.created_at desc, o.id desc limit 500`,
  );
  return result.rows;
}

type OldInstallmentRow = InstallmentListRow & { order_created_at: string };
async function oldInstallmentBatch(db: Db, after: OldInstallmentRow | undefined): Promise<OldInstallmentRow[]> {
  const page = after
    ? sql`where (o.created_at, i.order_id) < (${after.order_created_at}::timestamptz, ${after.order_id}::uuid)
          or ((o.created_at, i.order_id) = (${after.order_created_at}::timestamptz, ${after.order_id}::uuid) and i.position > ${after.position})`
    : sql``;
  const result = await db.execute<OldInstallmentRow>(
    sql`select i.id, i.order_id, i.position, i.rate, i.amount, i.deadline, i.paid_at, o.status as order_status, o.created_at as order_created_at,
          o.sme_id, s.company_title as sme_title, u.email as sme_email
        from installments i join orders o on o.id = i.order_id join smes s on s.id = o.sme_id join users u on u.id = s.user_id
        ${page} order by o.created_at desc, i.order_id desc, i.position limit 500`,
  );
  return result.rows;
}

async function oldAuditBatch(db: Db, filter: AuditFilterQuery, beforeSeq: number | undefined) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(beforeSeq === undefined ? undefined : lt(auditEvents.seq, beforeSeq))
    .orderBy(desc(auditEvents.seq))
    .limit(500);
  return rows.map(auditRepo.toAuditEvent);
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Timestamps as the paged exports wrote them: through a Date. */
const isoOf = (value: Date | string) => new Date(value).toISOString();

/** The paged exports' headers and, for the raw-SQL ones, their cells, as they were. */
const OLD = {
  orders: {
    header: ['id', 'created at', 'SME', 'SME email', 'supplier', 'supplier email', 'amount', 'currency', 'status', 'status name', 'paid', 'late now', 'late before', 'discount rate', 'description'],
    toCells: (o: OrderRow) => [
      o.id, isoOf(o.created_at), o.sme_title, o.sme_email, o.provider_title, o.provider_email, minorUnitsText(Number(o.amount)), activeCurrency().code,
      o.status, orderStatusName(o.status), o.paid, o.late_active, o.late_once, basisPointsToFraction(o.tax_rate), o.description,
    ],
  },
  installments: {
    header: ['id', 'order id', 'order status', 'SME', 'SME email', 'number', 'percent', 'amount', 'currency', 'deadline', 'paid at'],
    toCells: (i: OldInstallmentRow) => [
      i.id, i.order_id, orderStatusName(i.order_status), i.sme_title, i.sme_email, i.position + 1, basisPointsToPercentText(i.rate),
      minorUnitsText(Number(i.amount)), activeCurrency().code, isoOf(i.deadline), i.paid_at ? isoOf(i.paid_at) : '',
    ],
  },
  smes: { header: ['id', 'created at', 'email', 'company', 'first name', 'last name', 'phone', 'level', 'credit requested', 'credit limit', 'credit available', 'credit used', 'currency'] },
  suppliers: { header: ['id', 'created at', 'email', 'company', 'first name', 'last name', 'phone', 'level', 'discount rate'] },
  forms: { header: ['id', 'created at', 'company', 'business sector', 'year of establishment', 'email', 'phone', 'loan amount', 'currency'] },
  audit: { header: ['id', 'seq', 'at', 'actor id', 'actor email', 'actor role', 'action', 'target type', 'target id', 'ip', 'detail', 'prev hash', 'hash'] },
};

const get = (url: string, headers: Record<string, string> = adminHeaders) => ctx.app.inject({ method: 'GET', url, headers });

describe('the exports read through a cursor', () => {
  it('write exactly the bytes the paged exports wrote, plain and gzipped', async () => {
    const orderExport = await get('/api/v1/admin/order/export');
    expect(orderExport.statusCode).toBe(200);
    const expected = {
      orders: await bytesOf(pagedCsv(OLD.orders.header, OLD.orders.toCells, (after) => oldOrderBatch(ctx.db, after))),
      installments: await bytesOf(pagedCsv(OLD.installments.header, OLD.installments.toCells, (after: OldInstallmentRow | undefined) => oldInstallmentBatch(ctx.db, after))),
      smes: await bytesOf(
        pagedCsv(OLD.smes.header, smeCells, pageByPage(async (page) => (await backofficeRepo.listSmes(ctx.db, { level: ALL_FILTER, order: 'desc', sortBy: 'createdAt', last: false, page, perPage: 500 })).rows.map((r) => projections.toSmeListItem(r.row, r.email)))),
      ),
      suppliers: await bytesOf(
        pagedCsv(OLD.suppliers.header, providerCells, pageByPage(async (page) => (await backofficeRepo.listProviders(ctx.db, { level: ALL_FILTER, order: 'asc', sortBy: 'createdAt', last: false, page, perPage: 500 })).rows.map((r) => projections.toProviderListItem(r.row, r.email)))),
      ),
      forms: await bytesOf(
        pagedCsv(OLD.forms.header, preregistrationCells, pageByPage(async (page) => (await preregistrationRepo.listPreregistrations(ctx.db, { limit: 500, offset: (page - 1) * 500 })).map(preregistrationRow))),
      ),
      audit: await bytesOf(pagedCsv(OLD.audit.header, auditCells, (last) => oldAuditBatch(ctx.db, {}, last?.seq))),
    };

    const urls = {
      orders: '/api/v1/admin/order/export',
      installments: '/api/v1/admin/installment/export',
      smes: '/api/v1/admin/sme/export',
      suppliers: '/api/v1/admin/provider/export?order=asc',
      forms: '/api/v1/admin/form/export',
      audit: '/api/v1/admin/audit/export',
    };
    for (const [name, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
      const plain = await get(url);
      expect(plain.statusCode, name).toBe(200);
      expect(plain.headers['content-type'], name).toBe('text/csv; charset=utf-8');
      expect(plain.rawPayload.equals(expected[name]), name).toBe(true);
      const gzipped = await get(url, { ...adminHeaders, 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding'], name).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).equals(expected[name]), name).toBe(true);
      expect(ctx.app.csvExports.running, name).toBe(0);
    }
    // the order export read through the cursor (its way when the scope names more parties than it
    // keeps) writes the same bytes as through COPY, for the admin and for an SME
    // (and an insurer's, whose parties and orders are those of the SMEs it insured; a status filter)
    const insurerHeaders = bearer(await loginAs(ctx.app, insurer));
    const insurerCopy = (await get('/api/v1/insurance/order/export', insurerHeaders)).rawPayload;
    const statusCopy = (await get('/api/v1/admin/order/export?status=3')).rawPayload;
    vi.spyOn(PartyCells.prototype, 'loadScope').mockResolvedValue(false);
    expect((await get(urls.orders)).rawPayload.equals(expected.orders)).toBe(true);
    expect((await get('/api/v1/insurance/order/export', insurerHeaders)).rawPayload.equals(insurerCopy)).toBe(true);
    expect((await get('/api/v1/admin/order/export?status=3')).rawPayload.equals(statusCopy)).toBe(true);
    vi.restoreAllMocks();
    expect(statusCopy.toString('utf8').split('\r\n').length).toBeGreaterThan(ORDER_COUNT / 10);
    expect(insurerCopy.toString('utf8').split('\r\n').length).toBe(ORDER_COUNT / 2 + 2);
    expect(insurerCopy.toString('utf8')).not.toContain('مخبز');
    // what was compared holds what the data has: every order (and a header), all kinds of cells
    expect(expected.orders.toString('utf8').split('\r\n').length).toBeGreaterThan(ORDER_COUNT);
    expect(expected.orders.toString('utf8')).toContain(`"say ""hi"", twice`);
    expect(expected.installments.toString('utf8').split('\r\n').length).toBeGreaterThan(12_000);
    expect(expected.forms.toString('utf8').split('\r\n').length).toBeGreaterThan(1200);
    expect(expected.audit.toString('utf8').split('\r\n').length).toBeGreaterThan(3);
  });
});

function preregistrationRow(row: preregistrationRepo.PreregistrationRow) {
  return {
    _id: row.id,
    CompanyName: row.companyName,
    BusinessSector: row.businessSector,
    YearOfEstablishment: row.yearOfEstablishment,
    CompanyEmail: row.companyEmail,
    CompanyPhone: row.companyPhone,
    LoanAmount: fromMinorUnits(row.loanAmount),
    createdAt: row.createdAt.toISOString(),
  };
}

/* ---- over a real socket: the download's pace, its end and its interruption ---- */

let port: number;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

const pool = () => (ctx.db as unknown as { $client: pg.Pool }).$client;
/** Connections of the pool lent out now. */
const lent = () => pool().totalCount - pool().idleCount;

interface Download {
  request: http.ClientRequest;
  response: http.IncomingMessage;
  /** The rest of the body, read to its end. */
  rest(): Promise<Buffer>;
}

/** Starts a download and holds it after its first chunk (the socket then fills and the export waits). */
function startDownload(path: string, headers: Record<string, string> = adminHeaders): Promise<Download> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      response.once('error', reject);
      response.once('data', (first: Buffer) => {
        response.pause();
        resolve({
          request,
          response,
          rest: () =>
            new Promise((done, fail) => {
              const chunks = [first];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.once('end', () => done(Buffer.concat(chunks)));
              response.once('error', fail);
              response.resume();
            }),
        });
      });
    });
    request.once('error', reject);
  });
}

/** A promise the test resolves when it lets the export go on. */
function gate(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Counts the cursor's statements (and lets a test act just before one). */
function watchStatements(before?: (text: string, count: number) => Promise<void>) {
  const counts = { declare: 0, fetch: 0 };
  const original = pg.Client.prototype.query;
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(async function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text ?? '';
    if (text.startsWith('declare qist_export')) counts.declare += 1;
    if (text.startsWith('fetch ')) {
      counts.fetch += 1;
      await before?.(text, counts.fetch);
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original);
  return counts;
}

async function sessionsLeft() {
  const result = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
          and (state like 'idle in transaction%' or query like 'fetch %' or (query like 'declare qist_export%' or query like 'copy (%') and state = 'active')`,
  );
  return result.rows[0]!.n;
}

/** The order export through the cursor, as when its scope names more parties than it keeps. */
const throughCursor = () => vi.spyOn(PartyCells.prototype, 'loadScope').mockResolvedValue(false);

describe('a download', () => {
  it('streams in batches of the cursor from one snapshot: orders changed mid-download are in the file as they were', async () => {
    throughCursor();
    const before = (await get('/api/v1/admin/order/export')).rawPayload;
    let changedAt = 0;
    const counts = watchStatements(async (_text, count) => {
      if (count !== 3) return;
      // Between two batches, from another connection: every order changes, the SMEs are renamed, one more order is created.
      await ctx.db.execute(sql`update orders set description = 'changed mid-download', amount = amount + 1`);
      await ctx.db.execute(sql`update smes set company_title = company_title || ' renamed mid-download'`);
      await ctx.db.execute(sql`insert into orders (sme_id, provider_id, amount, description, tax_rate, bank_share_rate)
                               select sme_id, provider_id, 100, 'created mid-download', 0, 5000 from orders limit 1`);
      changedAt = ctx.app.csvExports.running;
    });
    const download = await startDownload('/api/v1/admin/order/export');
    const file = await download.rest();
    vi.restoreAllMocks();

    expect(changedAt).toBe(1);
    expect(file.equals(before)).toBe(true);
    expect(file.toString('utf8')).not.toContain('mid-download');
    expect(counts).toEqual({ declare: 1, fetch: Math.floor(ORDER_COUNT / EXPORT_BATCH_ROWS) + 1 });
    // the change is there for the next download
    const after = (await get('/api/v1/admin/order/export')).body;
    expect(after.split('\r\n').filter((line) => line.endsWith(',changed mid-download'))).toHaveLength(ORDER_COUNT);
    expect(after).toContain('created mid-download');
    expect(ctx.app.csvExports.running).toBe(0);
    expect(lent()).toBe(0);
  });

  it.each([{ encoding: 'identity' }, { encoding: 'gzip' }])('gives its connection back when the client leaves mid-way ($encoding)', async ({ encoding }) => {
    throughCursor();
    // The second FETCH waits until the client has gone: the download is surely mid-way when it leaves,
    // however much of the file the sockets' buffers could have taken.
    const gone = gate();
    const counts = watchStatements(async (_text, count) => {
      if (count >= 2) await gone.promise;
    });
    const download = await startDownload('/api/v1/admin/order/export', { ...adminHeaders, 'accept-encoding': encoding });
    expect(download.response.statusCode).toBe(200);
    expect(ctx.app.csvExports.running).toBe(1);
    expect(lent()).toBe(1);
    download.request.destroy();
    gone.resolve();
    await vi.waitFor(() => expect(ctx.app.csvExports.running).toBe(0), { timeout: 10_000 });
    // the export read no further, and no connection stayed lent or in a transaction
    expect(counts.fetch).toBeLessThanOrEqual(2);
    expect(lent()).toBe(0);
    expect(await sessionsLeft()).toBe(0);
    expect((await get('/api/v1/admin/order/export?status=0')).statusCode).toBe(200);
  });

  it('ends its transaction and gives its connection back when a batch fails', async () => {
    throughCursor();
    watchStatements(async (_text, count) => {
      if (count === 2) throw new Error('the database went away');
    });
    // The status went with the first bytes: the answer is cut off, never a file that looks whole.
    await expect(get('/api/v1/admin/order/export')).rejects.toThrow(/destroyed before completion/);
    vi.restoreAllMocks();
    await vi.waitFor(() => expect(ctx.app.csvExports.running).toBe(0), { timeout: 10_000 });
    expect(lent()).toBe(0);
    expect(await sessionsLeft()).toBe(0);
  });

  it('runs at most EXPORT_MAX_CONCURRENT (2) at once and refuses the next with 429 in words, leaving the pool to the money steps', async () => {
    throughCursor();
    // Past the first two batches, reading waits until the test lets it: both downloads stay under way.
    const go = gate();
    watchStatements(async (_text, count) => {
      if (count >= 3) await go.promise;
    });
    const first = await startDownload('/api/v1/admin/order/export');
    const second = await startDownload('/api/v1/admin/installment/export');
    expect(ctx.app.csvExports.running).toBe(2);

    const refused = await get('/api/v1/admin/sme/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, msg: MESSAGES.tooManyExports });
    expect(arMessages.tooManyExports).toMatch(/[\u0600-\u06FF]/);
    expect(ctx.app.csvExports.running).toBe(2);

    // Meanwhile an order is bought: the two downloads hold two connections, the rest serve the step.
    const order = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers: smeHeaders, payload: { providerId: supplierId, amount: 12, description: 'bought during two downloads' } });
    expect(order.statusCode, order.body).toBe(200);
    const stored = await ctx.db.execute(sql`select 1 from orders where description = 'bought during two downloads'`);
    expect(stored.rows).toHaveLength(1);

    first.request.destroy();
    go.resolve();
    await vi.waitFor(() => expect(ctx.app.csvExports.running).toBeLessThan(2), { timeout: 10_000 });
    const third = await get('/api/v1/admin/sme/export');
    expect(third.statusCode).toBe(200);
    expect(third.body.startsWith(`${CSV_BOM}id,created at,email`)).toBe(true);

    const rest = await second.rest();
    expect(rest.toString('utf8').split('\r\n').length).toBeGreaterThan(12_000);
    await vi.waitFor(() => expect(ctx.app.csvExports.running).toBe(0), { timeout: 10_000 });
    expect(lent()).toBe(0);
  });

  it('answers HEAD with the headers without reading a row or taking a slot', async () => {
    throughCursor();
    const go = gate();
    const counts = watchStatements(async (_text, count) => {
      if (count >= 3) await go.promise;
    });
    const held = [await startDownload('/api/v1/admin/order/export'), await startDownload('/api/v1/admin/order/export')];
    expect(ctx.app.csvExports.running).toBe(2);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/api/v1/admin/order/export', headers: adminHeaders });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(head.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(head.body).toBe('');
    expect(counts.declare).toBe(2);
    for (const download of held) download.request.destroy();
    go.resolve();
    await vi.waitFor(() => expect(ctx.app.csvExports.running).toBe(0), { timeout: 10_000 });
    expect(lent()).toBe(0);
  });
});

describe('a download read through COPY (the order export)', () => {
  it('reads its parties and its rows in one snapshot: a change made in between is not in the file', async () => {
    const before = (await get('/api/v1/admin/order/export')).rawPayload;
    const original = PartyCells.prototype.loadScope;
    let changed = 0;
    vi.spyOn(PartyCells.prototype, 'loadScope').mockImplementation(async function (this: PartyCells, ...args) {
      const kept = await original.apply(this, args);
      if (changed++ === 0) {
        // After the parties are read and before the rows are, from another connection.
        await ctx.db.execute(sql`update orders set description = 'changed mid-download', amount = amount + 1`);
        await ctx.db.execute(sql`update smes set company_title = company_title || ' renamed before the rows'`);
      }
      return kept;
    });
    const file = (await get('/api/v1/admin/order/export')).rawPayload;
    vi.restoreAllMocks();
    expect(changed).toBe(2);
    expect(file.equals(before)).toBe(true);
    const after = (await get('/api/v1/admin/order/export')).body;
    expect(after.split('\r\n').filter((line) => line.endsWith(',changed mid-download'))).toHaveLength(after.split('\r\n').length - 2);
    expect(after).toContain('renamed before the rows');
    expect(lent()).toBe(0);
  });

  it.each([{ encoding: 'identity' }, { encoding: 'gzip' }])('closes its connection when the client leaves mid-way ($encoding)', async ({ encoding }) => {
    let request: http.ClientRequest | undefined;
    let written = 0;
    const original = PartyCells.prototype.bytesAt;
    vi.spyOn(PartyCells.prototype, 'bytesAt').mockImplementation(function (this: PartyCells, ...args) {
      // Two lookups a row: the client leaves while the 2,000th row is written.
      if (++written === 4000) request!.destroy();
      return original.apply(this, args);
    });
    const ended = new Promise<void>((resolve) => {
      request = http.get({ host: '127.0.0.1', port, path: '/api/v1/admin/order/export', headers: { ...adminHeaders, 'accept-encoding': encoding } }, (response) => {
        response.resume();
        response.once('close', resolve);
      });
      request.once('error', () => resolve());
    });
    await ended;
    await vi.waitFor(() => expect(ctx.app.csvExports.running).toBe(0), { timeout: 10_000 });
    expect(lent()).toBe(0);
    // the backend of the closed connection ends its COPY and its transaction with it
    await vi.waitFor(async () => expect(await sessionsLeft()).toBe(0), { timeout: 10_000 });
    vi.restoreAllMocks();
    expect(written).toBeLessThan(2 * ORDER_COUNT);
    expect((await get('/api/v1/admin/order/export?status=0')).statusCode).toBe(200);
  });

  it('closes its connection and cuts the answer off when a row cannot be written', async () => {
    let written = 0;
    const original = PartyCells.prototype.bytesAt;
    vi.spyOn(PartyCells.prototype, 'bytesAt').mockImplementation(function (this: PartyCells, ...args) {
      if (++written === 4000) throw new Error('a row that cannot be written');
      return original.apply(this, args);
    });
    await expect(get('/api/v1/admin/order/export')).rejects.toThrow(/destroyed before completion/);
    vi.restoreAllMocks();
    await vi.waitFor(() => expect(ctx.app.csvExports.running).toBe(0), { timeout: 10_000 });
    expect(lent()).toBe(0);
    await vi.waitFor(async () => expect(await sessionsLeft()).toBe(0), { timeout: 10_000 });
    expect((await get('/api/v1/admin/order/export?status=0')).statusCode).toBe(200);
  });
});
