// A text a party wrote reaches the back office's spreadsheet as text, never as a formula: the
// full-width operators and a formula behind leading spaces are escaped like `=`.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();
let smeHeaders: Record<string, string>;
let adminHeaders: Record<string, string>;
let supplierId: string;

beforeAll(async () => {
  const sme = await createAccount(ctx.db, { role: 'sme', level: 8 });
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5, company: ' ＋Supplies|cmd' });
  const admin = await createAccount(ctx.db, { role: 'admin' });
  smeHeaders = bearer(await loginAs(ctx.app, sme));
  adminHeaders = bearer(await loginAs(ctx.app, admin));
  const result = await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`);
  supplierId = result.rows[0]!.id;
});

async function createOrder(description: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sme/order/create',
    headers: smeHeaders,
    payload: { providerId: supplierId, amount: 12, description },
  });
  expect(response.statusCode, response.body).toBe(200);
  return body(response).content.order._id as string;
}

describe('the order export', () => {
  it('writes a full-width formula in a description, or a space-led one in a supplier name, as text', async () => {
    const cases = [
      { description: '＝1+1', cell: "'＝1+1" },
      { description: '＠SUM(A1:A9)', cell: "'＠SUM(A1:A9)" },
      // a description is trimmed when it is written
      { description: '  =HYPERLINK("http://evil.example")', cell: `"'=HYPERLINK(""http://evil.example"")"` },
      { description: 'Boxes ＝ 40', cell: 'Boxes ＝ 40' },
    ];
    const ids: string[] = [];
    for (const c of cases) ids.push(await createOrder(c.description));

    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/order/export?status=0', headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,created at,SME,SME email,supplier,supplier email,amount,currency,status,status name,paid,late now,late before,discount rate,description');
    cases.forEach((c, i) => {
      const line = lines.find((l) => l.startsWith(`${ids[i]},`));
      expect(line, c.description).toBeDefined();
      expect(line!.endsWith(`,${c.cell}`), line).toBe(true);
      expect(line).toContain(",' ＋Supplies|cmd,");
      expect(line).toContain(',12.00,USD,0,created,');
    });
    expect(response.body).not.toMatch(/,＝1\+1/);
    expect(response.body).not.toMatch(/, ＋Supplies/);

    // What the party wrote is stored as written; only the CSV cell is escaped.
    const stored = await ctx.db.execute<{ description: string }>(sql`select description from orders where id = ${ids[0]}`);
    expect(stored.rows[0]!.description).toBe('＝1+1');
  });
});
