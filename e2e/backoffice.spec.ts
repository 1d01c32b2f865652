// The back office end to end: an SME that finished onboarding goes from level 4 to 8 through the
// admin, bank and insurance panels (the first insurer declines), a supplier is verified with a 12%
// discount, the admin finds the decisions on its Audit screen, and the admin reorders the insurers
// by dragging.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newBackOfficeAccount, signIn, type BackOfficeAccount } from './support';

test.describe.configure({ mode: 'serial' });

/** Signs in in a browser of its own: a back-office account of this journey, or a demo party by email. */
async function as(browser: Browser, who: string | BackOfficeAccount): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  return page;
}

/** Opens the profile of the party with this email from a list page. */
async function openFromList(page: Page, listPath: string, email: string) {
  await page.goto(listPath);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/info$/);
}

/** Presses a decision button; the server's answer is checked first, so a refusal names itself. */
async function decide(page: Page, button: string, description?: string, confirm = false) {
  if (description !== undefined) await page.getByLabel('Description').first().fill(description);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v1\/.+\/(verify|reject)$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: button, exact: true }).click();
  if (confirm) await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
  await expect(page.getByText('Done!').first()).toBeVisible();
}

/** The admin and the bank user who verify the SME in the first journey, whose decisions the audit journey finds. */
let reviewers: { admin: BackOfficeAccount; bank: BackOfficeAccount };

test('an SME goes from level 4 to 8 through admin, bank and insurance, and then sees its credit', async ({ browser, request }) => {
  test.slow();
  const email = 'sme-review@example.com';
  reviewers = { admin: await newBackOfficeAccount(request, 'admin'), bank: await newBackOfficeAccount(request, 'bank') };

  const admin = await as(browser, reviewers.admin);
  await openFromList(admin, '/admin/sme', email);
  await expect(admin.getByText('Docs Uploaded').first()).toBeVisible();
  await decide(admin, 'Verify', 'All four documents are valid.');
  await expect(admin).toHaveURL(/\/admin\/sme$/);

  const bank = await as(browser, reviewers.bank);
  await openFromList(bank, '/bank/sme', email);
  await decide(bank, 'Verify', 'Business account confirmed.');

  // Gulf Insurance (priority 1) declines in full; the SME passes to Kuwait Re.
  const first = await as(browser, await newBackOfficeAccount(request, 'insurance', { company: 'Gulf Insurance' }));
  await openFromList(first, '/insurance/sme', email);
  await decide(first, 'Full reject', undefined, true);

  const second = await as(browser, await newBackOfficeAccount(request, 'insurance', { company: 'Kuwait Re' }));
  await openFromList(second, '/insurance/sme', email);
  await second.getByLabel('Credit').fill('8000');
  await decide(second, 'Verify', 'Good repayment history.');

  // the admin's list opens on its own queue (level 4): the SME now waits at level 7
  await openFromList(admin, '/admin/sme?level=7', email);
  await admin.getByLabel('Installment 1').fill('25');
  for (let i = 2; i <= 4; i += 1) {
    if (!(await admin.getByLabel(`Installment ${i}`).isVisible())) await admin.getByRole('button', { name: 'Add row' }).click();
    await admin.getByLabel(`Installment ${i}`).fill('25');
  }
  await admin.getByLabel('Description').first().fill('Plan of four monthly instalments.');
  await admin.getByRole('button', { name: 'Set instalments' }).click();
  await expect(admin.getByText('Done!').first()).toBeVisible();

  await openFromList(admin, '/admin/sme?level=8', email);
  await admin.getByRole('tab', { name: /timeline/i }).click();
  // each decision: who, what the platform says of it, then the operator's note as written
  for (const [who, said, note] of [
    ['Admin', 'Verified', 'All four documents are valid.'],
    ['Bank', 'Verified', 'Business account confirmed.'],
    ['Insurance', 'Credit of $8,000.00 granted by Kuwait Re', 'Good repayment history.'],
  ]) {
    const row = admin.getByRole('row').filter({ hasText: note! });
    await expect(row).toBeVisible();
    // names and amounts sit between invisible direction isolates (U+2066–2069)
    const text = (await row.textContent())!.replace(/[\u2066-\u2069]/g, '');
    expect(text).toContain(`${who} : ${said} — ${note}`);
  }

  const sme = await as(browser, email);
  for (const item of ['Dashboard', 'Suppliers', 'Orders', 'Profile']) {
    await expect(sme.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(sme.getByRole('link', { name: 'Verification' })).toHaveCount(0);
  await sme.goto('/sme/profile');
  await expect(sme.getByText('$8,000.00').first()).toBeVisible();
  await expect(sme.getByText('25%').first()).toBeVisible();
});

test('the admin finds the SME decisions on the Audit screen, with who, from where and the note', async ({ browser, request }) => {
  const admin = await as(browser, await newBackOfficeAccount(request, 'admin'));
  await admin.getByRole('link', { name: 'Audit' }).click();
  await expect(admin).toHaveURL(/\/admin\/audit$/);
  await admin.getByRole('combobox', { name: 'Action' }).click();
  await admin.getByRole('option', { name: 'SME verified' }).click();
  await admin.getByRole('button', { name: 'Apply' }).click();
  const table = admin.getByRole('table', { name: 'Audit trail' });
  const byAdmin = table.getByRole('row').filter({ hasText: reviewers.admin.email });
  const byBank = table.getByRole('row').filter({ hasText: reviewers.bank.email });
  await expect(byAdmin).toHaveCount(1);
  await expect(byBank).toHaveCount(1);
  await expect(byAdmin).toContainText('SME verified');
  await expect(byAdmin).toContainText(/127\.0\.0\.1/);
  await byAdmin.getByRole('button', { name: /^Details of SME verified/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'SME verified' });
  await expect(dialog.getByTestId('audit-detail')).toContainText('All four documents are valid.');
  await expect(dialog.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
});

test('a supplier verified with a 12% discount sees it on its profile', async ({ browser, request }) => {
  const email = 'supplier-review@example.com';
  const admin = await as(browser, await newBackOfficeAccount(request, 'admin'));
  await openFromList(admin, '/admin/supplier', email);
  await admin.getByLabel('Discount rate (%)').fill('12');
  await decide(admin, 'Verify', 'Licence and statements checked.');

  const supplier = await as(browser, email);
  await supplier.goto('/provider/profile');
  await expect(supplier.getByText('Discount Percent 12%')).toBeVisible();
});

test('the admin reorders the insurers by dragging', async ({ browser, request }) => {
  const admin = await as(browser, await newBackOfficeAccount(request, 'admin'));
  await admin.goto('/admin/settings');
  await admin.getByRole('button', { name: 'Reorder' }).click();
  const dialog = admin.getByRole('dialog');
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  // Whatever the order is now, the second company is dragged above the first.
  const [first, second] = (await rows.allInnerTexts()).map((text) => text.trim()) as [string, string];
  const handle = dialog.getByLabel(`Drag ${second}`);
  const target = dialog.getByLabel(`Drag ${first}`);
  // The dialog slides in: hovering waits until the handle has stopped moving (two equal animation
  // frames), so the boxes measured below are where the pointer will really press and drop.
  await handle.hover();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await admin.mouse.down();
  await admin.mouse.move(from.x + from.width / 2, from.y - 5, { steps: 5 });
  await admin.mouse.move(to.x + to.width / 2, to.y + to.height / 4, { steps: 10 });
  // The drop is made only once the list has taken the company over the first place, which the
  // screen reader's live region says: on a busy machine the pointer can be faster than the page.
  await expect(admin.getByText(`${second} is now at position 1 of 2.`)).toBeAttached();
  await admin.mouse.up();
  await expect(rows).toHaveText([second, first]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('done!').first()).toBeVisible();

  const token = await admin.evaluate(() => window.localStorage.getItem('token'));
  const order = await admin.request.get('/api/v1/admin/insurance/order', { headers: { authorization: `Bearer ${token}` } });
  const names = (await order.json()).content.insurances.map((c: { name: string }) => c.name);
  expect(names).toEqual([second, first]);
});
