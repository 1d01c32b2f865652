// Arabic all the way: each role's main screens at phone width in Arabic read right to left, with no
// English month or day name, no English document title and nothing wider than the phone; axe-core
// finds no serious or critical violation (contrast included) on the landing page, the sign-in, the SME's
// profile, an order detail and every back-office list; unknown paths get the not-found page; a signed-in
// user opening the sign-in page goes to their area.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalOverflow, PHONE, signInAs, type Role } from './support';

const ENGLISH_DATE_WORDS =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/;
/** The document titles the platform stores in English (DESIGN §6). */
const ENGLISH_DOCUMENT_TITLES = [
  'Article of association',
  'CR license',
  'ID of shareholders',
  'Bank certified SME business account IBAN',
  'Comprehensive financial statement (past two years)',
  'Bank statement (most recent year)',
];

/** The first item the role's API list gives, read with the page's session ('sme/list' → content.smes). */
async function firstId(page: Page, path: string, key: string, query = ''): Promise<string> {
  const id = await page.evaluate(
    async ({ path, key, query }) => {
      const token = window.localStorage.getItem('token');
      const response = await fetch(`/api/v1/${path}?perPage=10${query}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { content: Record<string, { _id: string }[]> };
      return body.content[key]?.[0]?._id;
    },
    { path, key, query },
  );
  expect(id, `an item of ${path}`).toBeTruthy();
  return id!;
}

/** Waits for the screen's data: its main heading shown and no loader or skeleton left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main h1, main [role="heading"][aria-level="1"]').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0);
}

/** What an Arabic reader must not meet on a screen. */
async function expectArabicScreen(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const text = await page.locator('body').innerText();
  expect(text.match(ENGLISH_DATE_WORDS)?.[0], `an English date word on ${page.url()}`).toBeUndefined();
  for (const title of ENGLISH_DOCUMENT_TITLES) expect(text, `"${title}" on ${page.url()}`).not.toContain(title);
  await expectNoHorizontalOverflow(page);
}

/** Each role's main screens: fixed paths, and paths built from the first item of one of its lists. */
const SCREENS: Record<Role, (page: Page) => Promise<string[]>> = {
  sme: async (page) => [
    '/sme/profile',
    '/sme/dashboard',
    '/sme/supplier',
    '/sme/orders',
    `/sme/order/${await firstId(page, 'sme/order/list', 'orders', '&status=2')}`,
    '/sme/invoices',
  ],
  provider: async (page) => ['/provider/profile', '/provider/orders', `/provider/order/${await firstId(page, 'provider/order/list', 'orders')}`],
  admin: async (page) => {
    const sme = await firstId(page, 'admin/sme/list', 'smes', '&level=8');
    return [
      '/admin/sme',
      `/admin/sme/${sme}/info`,
      `/admin/sme/${sme}/documents`,
      `/admin/sme/${sme}/verification_timeline`,
      '/admin/supplier',
      '/admin/orders',
      '/admin/installments',
      '/admin/pre-registered',
      '/admin/settings',
      '/admin/audit',
      '/admin/reconciliation',
    ];
  },
  bank: async (page) => {
    const sme = await firstId(page, 'bank/sme/list', 'smes', '&level=8');
    return ['/bank/sme', `/bank/sme/${sme}/info`, `/bank/sme/${sme}/documents`, '/bank/orders', '/bank/installments', '/bank/approvals'];
  },
  insurance: async (page) => {
    const sme = await firstId(page, 'insurance/sme/list', 'smes', '&level=8');
    return ['/insurance/sme', `/insurance/sme/${sme}/info`, `/insurance/sme/${sme}/documents`, '/insurance/orders'];
  },
};

/** The screens axe checks in each role (the lists, the SME's profile, an order detail, the bank's approvals, the audit trail, the reconciliation). */
const AXE_SCREENS = /\/(sme|supplier|orders|installments|approvals|pre-registered|profile|audit|reconciliation)$|\/order\//;

test.describe('in Arabic at phone width', () => {
  test.use({ viewport: PHONE });

  for (const role of Object.keys(SCREENS) as Role[]) {
    test(`the ${role}'s main screens speak Arabic only, right to left, within the phone's width`, async ({ page }) => {
      await signInAs(page, role, 'ar');
      for (const path of await SCREENS[role](page)) {
        await page.goto(path);
        await settled(page);
        await expectArabicScreen(page);
        if (AXE_SCREENS.test(path)) await expectAccessible(page);
      }
    });
  }

  test('the public pages and the sign-in read right to left and pass axe', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
    for (const path of ['/', '/auth/login', '/auth/register']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
    }
    // the public header keeps its sign-in button in sight on a phone
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  });
});

test('the landing page and the sign-in pass axe in English on a desktop', async ({ page }) => {
  for (const path of ['/', '/auth/login']) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectAccessible(page);
  }
});

const BACK_OFFICE_LISTS: Partial<Record<Role, string[]>> = {
  admin: ['/admin/sme', '/admin/supplier', '/admin/orders', '/admin/installments', '/admin/pre-registered', '/admin/audit', '/admin/reconciliation'],
  bank: ['/bank/sme', '/bank/orders', '/bank/installments', '/bank/approvals'],
  insurance: ['/insurance/sme', '/insurance/orders'],
};

for (const [role, lists] of Object.entries(BACK_OFFICE_LISTS) as [Role, string[]][]) {
  test(`the ${role}'s lists pass axe in English on a desktop`, async ({ page }) => {
    await signInAs(page, role, 'en');
    for (const path of lists) {
      await page.goto(path);
      await settled(page);
      await expectAccessible(page);
    }
  });
}

test('an unknown path shows the not-found page, in the public site and inside a panel', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/no-such-page$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle(/not found/i);

  await signInAs(page, 'admin', 'en');
  await page.goto('/admin/no-such-list');
  await expect(page).toHaveURL(/\/admin\/no-such-list$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('a signed-in user opening the sign-in or sign-up page goes to their area', async ({ page }) => {
  await signInAs(page, 'sme', 'en');
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/sme(\/|$)/);
  await page.goto('/auth/register');
  await expect(page).toHaveURL(/\/sme(\/|$)/);
});

test('robots.txt is a text file', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await response.text()).toMatch(/^User-agent: /m);
});
