// A new SME and a new supplier go from sign-up to the waiting screen (level 4) through the UI,
// reading their codes from the demo alert; the timeline shows each step.
import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support';

type Role = 'sme' | 'provider';

const REQUIRED: Record<Role, string[]> = {
  sme: ['Article of association', 'CR license', 'ID of shareholders', 'Bank certified SME business account IBAN'],
  provider: ['Article of association', 'CR license', 'ID of shareholders', 'Comprehensive financial statement (past two years)'],
};
/** A real 1×1 PNG: uploads are decoded and re-encoded, so a header alone is refused. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4//8/AAX+Av5Y8msOAAAAAElFTkSuQmCC',
  'base64',
);

async function register(page: Page, role: Role, email: string) {
  await page.goto(`/auth/register/${role}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('sturdy-ledger-42');
  await page.getByLabel('Confirm password').fill('sturdy-ledger-42');
  await page.getByLabel(/admin verification code/i).fill(role === 'sme' ? 'SME-DEMO-CODE' : 'SUPPLIER-DEMO-CODE');
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}/verification$`));
}

/** Presses Get Code, reads the code from the demo alert and closes it. */
async function getCode(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Get Code' }).click();
  const alert = page.getByRole('dialog').filter({ hasText: 'Your code is:' });
  await expect(alert).toBeVisible();
  const code = /Your code is:\s*(\d+)/.exec((await alert.textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
  // The button waits 20 seconds before another code.
  await expect(page.getByRole('button', { name: /Get Code/ })).toBeDisabled();
  return code!;
}

async function onboard(page: Page, role: Role) {
  const email = uniqueEmail(`onboard-${role}`);
  await register(page, role, email);

  // 1. Email
  const emailCode = await getCode(page);
  await page.getByLabel('Email code').fill(emailCode);
  await page.getByRole('button', { name: 'Submit' }).click();

  // 2. Phone
  await page.getByRole('combobox', { name: 'Country code' }).click();
  await page.getByRole('option', { name: /Kuwait/ }).click();
  await page.getByLabel('Phone number').fill('55512345');
  const otp = await getCode(page);
  await page.getByLabel('Phone code').fill(otp);
  await page.getByRole('button', { name: 'Submit' }).click();

  // 3. Information
  await page.getByLabel('First name').fill('Mariam');
  await page.getByLabel('Last name').fill('Al-Fahad');
  await page.getByLabel('Company title').fill(role === 'sme' ? 'Mariam Trading' : 'Mariam Supplies');
  await page.getByLabel('Company description').fill('Imports and sells kitchen equipment.');
  await page.getByLabel('Address', { exact: true }).fill('Hawalli, Kuwait');
  if (role === 'sme') {
    await page.getByLabel('Request credit').fill('25000');
  } else {
    await page.getByLabel('Company VAT').fill('KW-778899');
    await page.getByLabel('Website').fill('https://mariam-supplies.example');
  }
  await page.getByRole('button', { name: 'Select categories' }).click();
  const picker = page.getByRole('dialog');
  await picker.getByLabel('Retail').check();
  await picker.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();

  // 4. Documents. The checklist names every required title from the start, so each upload is awaited
  // in the uploaded list and in the checklist's count.
  const uploaded = page.getByRole('region', { name: 'Uploaded documents' });
  const required = REQUIRED[role];
  for (const [index, title] of required.entries()) {
    await page.getByRole('combobox', { name: 'Document title' }).click();
    await page.getByRole('option', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) }).click();
    await page.locator('input[type=file]').setInputFiles({ name: `${title}.png`, mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(uploaded.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByText(`${index + 1} of ${required.length} uploaded`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByText('Your account created successfully. Waiting for admin')).toBeVisible();
  for (const step of ['Account created', 'Email verified', 'Phone verified', 'Information added', 'Documents uploaded']) {
    await expect(page.getByText(step, { exact: true })).toBeVisible();
  }
  const level = await page.evaluate(() => window.localStorage.getItem('LEVEL'));
  expect(level).toBe('4');
}

test('a new SME onboards to the waiting screen through the UI', async ({ page }) => {
  test.slow();
  await onboard(page, 'sme');
});

test('a new supplier onboards to the waiting screen through the UI', async ({ page }) => {
  test.slow();
  await onboard(page, 'provider');
});
