// Every role's dashboard in Chromium: its charts drawn in English on a desktop and in Arabic at phone
// width, a KPI card that opens the list it counts (with the same number), the back office's CSV
// downloads, and an axe-core check (no serious or critical violation) on each dashboard and on an order
// detail. This file runs after every other journey (its own project), so the demo figures it compares
// do not move while it reads them.
import { expect, test, type Page } from '@playwright/test';
import { dashboardsAr } from '../apps/web/src/i18n/locales/dashboards-ar';
import { dashboardsEn } from '../apps/web/src/i18n/locales/dashboards-en';
import { expectAccessible, expectNoHorizontalOverflow, PHONE, signInAs, type Role } from './support';

type Strings = typeof dashboardsEn;

/** Each role: its charts' titles and the KPI card that leads to a filtered list. */
const ROLES: Record<Role, { charts: (s: Strings) => string[]; kpi: (s: Strings) => string; list: RegExp; countIn?: 'hint' }> = {
  sme: {
    charts: (s) => [s.charts.ordersByStatus, s.sme.spendingBySupplier],
    kpi: (s) => s.sme.waiting,
    list: /\/sme\/orders\?status=1$/,
  },
  provider: {
    charts: (s) => [s.charts.ordersByStatus, s.provider.paidOutByMonth],
    kpi: (s) => s.provider.toDeliver,
    list: /\/provider\/orders\?status=2$/,
  },
  admin: {
    charts: (s) => [s.charts.ordersByStatus, s.admin.volumeByMonth, s.admin.smesByLevel, s.admin.providersByLevel],
    kpi: (s) => s.admin.invoicesToVerify,
    list: /\/admin\/orders\?status=4$/,
  },
  bank: {
    charts: (s) => [s.charts.ordersByStatus, s.bank.payoutsByMonth],
    kpi: (s) => s.bank.awaitingPayout,
    list: /\/bank\/orders\?status=5$/,
    // the card's figure is the amount; the orders are counted under it
    countIn: 'hint',
  },
  insurance: {
    charts: (s) => [s.charts.ordersByStatus],
    kpi: (s) => s.insurance.queue,
    list: /\/insurance\/sme\?level=6$/,
  },
};

async function openDashboard(page: Page, role: Role, strings: Strings): Promise<void> {
  await page.goto(`/${role}/dashboard`);
  await expect(page.getByRole('heading', { level: 1, name: strings.title })).toBeVisible();
  // the figures have loaded once the skeleton is gone
  await expect(page.getByRole('status', { name: strings.loadingLabel })).toHaveCount(0);
}

/** Each chart's card has drawn its bars or donut (an SVG with shapes), and says the same in its table. */
async function expectChartsDrawn(page: Page, titles: string[]): Promise<void> {
  for (const title of titles) {
    const card = page.getByRole('region', { name: title });
    await expect(card).toBeVisible();
    await expect(card.locator('svg.recharts-surface path').first()).toBeVisible();
    await expect(card.getByRole('table', { includeHidden: true })).toHaveCount(1);
  }
}

/** The count a KPI card labelled `label` shows: its figure ('1,024' → 1024), or the count in its hint line. */
async function kpiCount(page: Page, label: string, countIn?: 'hint'): Promise<{ card: ReturnType<Page['locator']>; count: number }> {
  const card = page.locator('a[data-kpi]').filter({ hasText: label });
  await expect(card).toHaveCount(1);
  const text = (await card.locator('p').nth(countIn === 'hint' ? 2 : 1).textContent()) ?? '';
  return { card, count: Number(text.replace(/\D/g, '')) };
}

/** The list's own count: 'N in total' under the table, or its empty state. */
async function expectListCount(page: Page, count: number, language: 'en' | 'ar'): Promise<void> {
  const text = count === 0 ? (language === 'ar' ? 'لا توجد بيانات' : 'no data') : language === 'ar' ? `الإجمالي ${count}` : `${count} in total`;
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

/** The id of an order this role's list shows, read with the page's session. */
async function someOrderId(page: Page, role: Role): Promise<string> {
  const id = await page.evaluate(async (r) => {
    const token = window.localStorage.getItem('token');
    const response = await fetch(`/api/v1/${r}/order/list?perPage=10`, { headers: { authorization: `Bearer ${token}` } });
    const { content } = (await response.json()) as { content: { orders: { _id: string }[] } };
    return content.orders[0]?._id;
  }, role);
  expect(id, `an order in the ${role}'s list`).toBeTruthy();
  return id!;
}

for (const role of Object.keys(ROLES) as Role[]) {
  const spec = ROLES[role];

  test(`the ${role}'s dashboard in English: charts, a KPI card that opens the list it counts, and accessibility`, async ({ page }) => {
    await signInAs(page, role, 'en');
    await openDashboard(page, role, dashboardsEn);
    await expectChartsDrawn(page, spec.charts(dashboardsEn));
    await expectAccessible(page);

    const { card, count } = await kpiCount(page, spec.kpi(dashboardsEn), spec.countIn);
    await card.click();
    await expect(page).toHaveURL(spec.list);
    // the list behind the card counts what the card said
    await expectListCount(page, count, 'en');

    // and an order's detail passes the same check
    await page.goto(`/${role}/order/${await someOrderId(page, role)}`);
    await expect(page.getByRole('region', { name: 'Order Detail' })).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('in Arabic at phone width', () => {
    test.use({ viewport: PHONE });

    test(`the ${role}'s dashboard reads right to left with its charts`, async ({ page }) => {
      await signInAs(page, role, 'ar');
      await openDashboard(page, role, dashboardsAr);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expectChartsDrawn(page, spec.charts(dashboardsAr));
      // every KPI card is in Arabic: none carries an English label
      for (const label of Object.values(dashboardsEn[role])) {
        if (typeof label === 'string' && !label.includes('{{')) await expect(page.getByText(label, { exact: true })).toHaveCount(0);
      }
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);

      const { card, count } = await kpiCount(page, spec.kpi(dashboardsAr), spec.countIn);
      await card.click();
      await expect(page).toHaveURL(spec.list);
      await expectListCount(page, count, 'ar');
      await expectNoHorizontalOverflow(page);
    });
  });
}

test('the late-instalment card opens the orders that carry them, with the late switch on', async ({ page }) => {
  await signInAs(page, 'admin', 'en');
  await openDashboard(page, 'admin', dashboardsEn);
  const { card, count: installments } = await kpiCount(page, dashboardsEn.admin.late, 'hint');
  expect(installments, 'the demo has a late instalment').toBeGreaterThan(0);
  await card.click();
  await expect(page).toHaveURL(/\/admin\/orders\?late=true$/);
  await expect(page.getByRole('switch', { name: 'Late instalments only' })).toBeChecked();
  // each listed order carries at least one of the card's late instalments
  const total = page.getByText(/^\d+ in total$/);
  await expect(total).toBeVisible();
  const orders = Number((await total.textContent())!.split(' ')[0]);
  expect(orders).toBeGreaterThan(0);
  expect(orders).toBeLessThanOrEqual(installments);
});

test('the admin downloads the filtered order list as a CSV with exactly its rows, Arabic-ready', async ({ page }) => {
  await signInAs(page, 'admin', 'en');
  await page.goto('/admin/orders?status=2');
  const total = page.getByText(/^\d+ in total$/);
  await expect(total).toBeVisible();
  const count = Number((await total.textContent())!.split(' ')[0]);
  expect(count).toBeGreaterThan(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readAll(await download.createReadStream());
  // a UTF-8 byte-order mark first, so Excel reads Arabic names as Arabic
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
  expect(header).toEqual(['id', 'created at', 'SME', 'SME email', 'supplier', 'supplier email', 'amount', 'currency', 'status', 'status name', 'paid', 'late now', 'late before', 'discount rate', 'description']);
  expect(rows).toHaveLength(count);
  // every row is of the filtered status, its amount a plain number in the platform's currency
  expect(new Set(rows.map((row) => row[8]))).toEqual(new Set(['2']));
  expect(new Set(rows.map((row) => row[7]))).toEqual(new Set(['USD']));
  expect(rows.every((row) => /^\d+\.\d{2}$/.test(row[6]!))).toBe(true);
  await expect(page.getByText('The CSV file is downloaded')).toBeVisible();
});

test('the bank downloads the SME list at its level', async ({ page }) => {
  await signInAs(page, 'bank', 'en');
  await page.goto('/bank/sme?level=8');
  const total = page.getByText(/^\d+ in total$/);
  await expect(total).toBeVisible();
  const count = Number((await total.textContent())!.split(' ')[0]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^smes-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseCsv((await readAll(await download.createReadStream())).subarray(3).toString('utf8'));
  expect(header).toContain('email');
  expect(rows).toHaveLength(count);
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** RFC 4180 records: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}
