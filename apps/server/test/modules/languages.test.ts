// Each reader's language: the account's language for emails and SMS (sign-up, PUT /auth/language,
// sign-in and /me), the outbox written in that language only, timeline entries stored as codes with
// params beside the operator's note, Arabic industry wording, and migration 0007's conversion.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIGNUP_CODES } from '../../src/db/seed.js';
import { runMigrations } from '../../src/db/migrate.js';
import { categories, outboxMessages, smes, users, verificationLogs } from '../../src/db/schema/index.js';
import { createBackOfficeAccount } from '../../src/modules/auth/back-office.js';
import { useDatabaseBefore } from '../migration-before.js';
import { bearer, body, createAccount, enrolledBackOffice, loginAs, signIn, uniqueEmail, useTestApp, type TestAccount } from '../helpers.js';

const ctx = useTestApp();

const ARABIC = /[\u0600-\u06FF]/;
/** A message's words without its links: what must be in one language only. */
const words = (text: string) => text.replace(/https?:\/\/\S+/g, '');

async function languageOf(userId: string) {
  const [row] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row?.language;
}

async function withLanguage(account: TestAccount, language: 'en' | 'ar') {
  await ctx.db.update(users).set({ language }).where(eq(users.id, account.id));
  return account;
}

async function outboxTo(recipient: string) {
  return ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
}

describe("the account's language", () => {
  it('is stored at sign-up when the form sends it, English otherwise', async () => {
    const arabic = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: uniqueEmail('ar'), password: 'a-long-password-1', role: 'sme', code: DEMO_SIGNUP_CODES.sme, language: 'ar' },
    });
    expect(arabic.statusCode).toBe(200);
    const created = body(arabic).content;
    expect(created.user.language).toBe('ar');
    expect(await languageOf(created.user._id)).toBe('ar');

    const plain = body(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: uniqueEmail('en'), password: 'a-long-password-1', role: 'provider', code: DEMO_SIGNUP_CODES.provider },
      }),
    ).content;
    expect(plain.user.language).toBe('en');
    expect(await languageOf(plain.user._id)).toBe('en');
  });

  it('refuses a sign-up with a language the platform does not speak, creating nothing', async () => {
    const email = uniqueEmail('fr');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: 'a-long-password-1', role: 'sme', code: DEMO_SIGNUP_CODES.sme, language: 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg: 'choose English or Arabic' });
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('PUT /auth/language changes it for any signed-in role; sign-in and /me return it', async () => {
    for (const role of ['sme', 'admin'] as const) {
      const account = await createAccount(ctx.db, { role, level: role === 'sme' ? 2 : undefined });
      const headers = bearer(await loginAs(ctx.app, account));
      const response = await ctx.app.inject({ method: 'PUT', url: '/api/v1/auth/language', headers, payload: { language: 'ar' } });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toEqual({ status: true, content: { language: 'ar' } });
      expect(await languageOf(account.id)).toBe('ar');
      expect(body(await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers })).content.user.language).toBe('ar');
      // The answer of a completed sign-in (for the admin, of its code step).
      expect((await signIn(ctx.app, account)).user.language).toBe('ar');
    }
  });

  it('refuses a bad value (400) and an anonymous caller (401), changing nothing', async () => {
    const account = await createAccount(ctx.db, { role: 'provider', level: 1 });
    const headers = bearer(await loginAs(ctx.app, account));
    for (const payload of [{ language: 'fr' }, { language: '' }, {}]) {
      const refused = await ctx.app.inject({ method: 'PUT', url: '/api/v1/auth/language', headers, payload });
      expect(refused.statusCode).toBe(400);
      expect(body(refused)).toEqual({ status: false, msg: 'choose English or Arabic' });
    }
    expect(await languageOf(account.id)).toBe('en');
    const anonymous = await ctx.app.inject({ method: 'PUT', url: '/api/v1/auth/language', payload: { language: 'ar' } });
    expect(anonymous.statusCode).toBe(401);
    expect(body(anonymous).status).toBe(false);
    expect(await languageOf(account.id)).toBe('en');
  });
});

describe('emails and SMS in the recipient’s language only', () => {
  it('writes the email code in English to an English account and in Arabic to an Arabic one', async () => {
    const english = await createAccount(ctx.db, { role: 'sme', level: 0 });
    const arabic = await withLanguage(await createAccount(ctx.db, { role: 'provider', level: 0 }), 'ar');
    const enCode = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/email/resend', headers: bearer(await loginAs(ctx.app, english)) })).content.code;
    const arCode = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/provider/email/resend', headers: bearer(await loginAs(ctx.app, arabic)) })).content.code;

    const [enMessage] = await outboxTo(english.email);
    expect(enMessage).toMatchObject({ channel: 'email', subject: 'Qist verification code' });
    expect(enMessage!.body).toBe(`Your Qist verification code is ${enCode}. It expires in 15 minutes. If you did not ask for it, ignore this message.`);
    expect(enMessage!.body).not.toMatch(ARABIC);

    const [arMessage] = await outboxTo(arabic.email);
    expect(arMessage).toMatchObject({ channel: 'email', subject: 'رمز التحقق من قسط' });
    expect(arMessage!.body).toBe(`رمز التحقق الخاص بك في قسط هو ${arCode}. تنتهي صلاحيته خلال 15 دقيقة. إذا لم تطلبه، فتجاهل هذه الرسالة.`);
    expect(arMessage!.body).not.toMatch(/[A-Za-z]/);
  });

  it('writes the phone code by SMS in Arabic only to an Arabic account', async () => {
    const arabic = await withLanguage(await createAccount(ctx.db, { role: 'sme', level: 1 }), 'ar');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sme/phone/add',
      headers: bearer(await loginAs(ctx.app, arabic)),
      payload: { phone: '55123987', countryCode: '965' },
    });
    const { otp } = body(response).content;
    const [sms] = await outboxTo('+96555123987');
    expect(sms).toMatchObject({ channel: 'sms', subject: 'رمز التحقق من قسط' });
    expect(sms!.body).toContain(`هو ${otp}.`);
    expect(sms!.body).not.toMatch(/[A-Za-z]/);
  });

  it('writes the payment link in the SME’s language only, by email and SMS', async () => {
    const supplier = await createAccount(ctx.db, { role: 'provider', level: 5, company: 'Harbour Trading' });
    const [provider] = await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`).then((r) => r.rows);
    const order = async (account: TestAccount) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sme/order/create',
        headers: bearer(await loginAs(ctx.app, account)),
        payload: { providerId: provider!.id, amount: 250, description: 'pallets' },
      });
      expect(response.statusCode).toBe(200);
      return body(response).content.order._id as string;
    };

    const arabic = await withLanguage(await createAccount(ctx.db, { role: 'sme', level: 8, phone: { countryCode: '965', number: '55000111' } }), 'ar');
    const arOrder = await order(arabic);
    const arEmail = (await outboxTo(arabic.email))[0]!;
    const arSms = (await outboxTo('+96555000111'))[0]!;
    expect(arEmail.subject).toBe('قسط: ادفع القسط الأول من طلبك');
    expect(arEmail.body).toBe(`تم إنشاء طلبك بقيمة 250.00 دولار أمريكي. ادفع القسط الأول خلال 72 ساعة وإلا أُلغي الطلب: ${ctx.config.publicUrl}/pay-order?orderId=${arOrder}`);
    expect(arSms.body).toContain('ادفع القسط الأول من طلبك (250.00 دولار أمريكي)');
    for (const text of [arEmail.subject, arEmail.body, arSms.body]) expect(words(text)).not.toMatch(/[A-Za-z]/);

    const english = await createAccount(ctx.db, { role: 'sme', level: 8 });
    const enOrder = await order(english);
    const enMessages = await outboxTo(english.email);
    expect(enMessages).toHaveLength(1);
    expect(enMessages[0]).toMatchObject({ channel: 'email', subject: 'Qist: pay the first instalment of your order' });
    expect(enMessages[0]!.body).toBe(
      `Your order of $250.00 is created. Pay its first instalment within 72 hours, or it is canceled: ${ctx.config.publicUrl}/pay-order?orderId=${enOrder}`,
    );
    expect(enMessages[0]!.body).not.toMatch(ARABIC);
  });
});

describe('timeline entries as codes', () => {
  let insurer: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    const email = uniqueEmail('insurer');
    const account = await createBackOfficeAccount(ctx.db, { role: 'insurance', email, password: 'insurer-password', company: 'Gulf Cover' });
    insurer = bearer(await loginAs(ctx.app, await enrolledBackOffice(ctx.db, { id: account.id, email, password: 'insurer-password', role: 'insurance' })));
    admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  });

  it('a level change writes its code and params, and the note apart; the log list returns them', async () => {
    const account = await createAccount(ctx.db, { role: 'sme', level: 6 });
    const [sme] = await ctx.db.select({ id: smes.id }).from(smes).where(eq(smes.userId, account.id));
    const note = 'تاريخ سداد جيد — good history';
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/insurance/sme/verify', headers: insurer, payload: { smeId: sme!.id, desc: note, credit: 5000 } });
    expect(body(response)).toEqual({ status: true, content: { level: 7 } });

    const rows = await ctx.db.select().from(verificationLogs).where(eq(verificationLogs.userId, account.id));
    expect(rows.map((r) => [r.level, r.code, r.params, r.desc, r.operatorRole])).toEqual([[7, 'creditGranted', { amount: 5000, company: 'Gulf Cover' }, note, 'insurance']]);

    const { logs } = body(await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/sme/log/list/${sme!.id}`, headers: admin })).content;
    expect(logs).toEqual([
      {
        _id: rows[0]!.id,
        createdAt: rows[0]!.createdAt.toISOString(),
        desc: note,
        code: 'creditGranted',
        params: { amount: 5000, company: 'Gulf Cover' },
        level: 7,
        operator: { role: 'insurance' },
      },
    ]);
    const own = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/log/list', headers: bearer(await loginAs(ctx.app, account)) })).content.logs;
    expect(own).toEqual(logs);
  });

  it('a decline without a note stores the code with the company and an empty note', async () => {
    const account = await createAccount(ctx.db, { role: 'sme', level: 6 });
    const [sme] = await ctx.db.select({ id: smes.id }).from(smes).where(eq(smes.userId, account.id));
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/insurance/sme/reject', headers: insurer, payload: { smeId: sme!.id, full: true } });
    // The only company declines: none is left.
    expect(body(response)).toEqual({ status: true, content: { level: -6 } });
    const rows = await ctx.db.select().from(verificationLogs).where(eq(verificationLogs.userId, account.id));
    expect(rows.map((r) => [r.level, r.code, r.params, r.desc])).toEqual([[-6, 'insuranceDeclinedLast', { company: 'Gulf Cover' }, '']]);
  });
});

describe('industries in Arabic', () => {
  it('creates and updates a category with its Arabic title and description, and lists them', async () => {
    const admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/category',
      headers: admin,
      payload: { title: 'Marine', desc: 'Boats and chandlery', titleAr: 'البحرية', descAr: 'القوارب ومستلزماتها' },
    });
    const { category } = body(created).content;
    expect(category).toEqual({ _id: expect.any(String), title: 'Marine', desc: 'Boats and chandlery', titleAr: 'البحرية', descAr: 'القوارب ومستلزماتها' });
    const [stored] = await ctx.db.select().from(categories).where(eq(categories.id, category._id));
    expect(stored).toMatchObject({ title: 'Marine', titleAr: 'البحرية', descAr: 'القوارب ومستلزماتها' });

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/category',
      headers: admin,
      payload: { categoryId: category._id, title: 'Marine', desc: 'Boats', titleAr: 'المستلزمات البحرية', descAr: '' },
    });
    expect(body(updated).content.category).toEqual({ _id: category._id, title: 'Marine', desc: 'Boats', titleAr: 'المستلزمات البحرية', descAr: '' });
    const [after] = await ctx.db.select().from(categories).where(eq(categories.id, category._id));
    expect(after).toMatchObject({ desc: 'Boats', titleAr: 'المستلزمات البحرية', descAr: '' });

    const listed = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/categories/list', headers: admin })).content.categories;
    expect(listed).toContainEqual({ _id: category._id, title: 'Marine', desc: 'Boats', titleAr: 'المستلزمات البحرية', descAr: '' });
    const sme = await createAccount(ctx.db, { role: 'sme', level: 2 });
    const picker = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/categories/list', headers: bearer(await loginAs(ctx.app, sme)) })).content.categories;
    expect(picker).toContainEqual({ _id: category._id, title: 'Marine', desc: 'Boats', titleAr: 'المستلزمات البحرية', descAr: '' });
  });

  it('keeps the Arabic fields optional: a category without them stores empty strings', async () => {
    const admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
    const created = body(await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/category', headers: admin, payload: { title: 'Fisheries', desc: 'Fish and seafood' } })).content.category;
    expect(created).toMatchObject({ titleAr: '', descAr: '' });
    const [stored] = await ctx.db.select().from(categories).where(eq(categories.id, created._id));
    expect(stored).toMatchObject({ titleAr: '', descAr: '' });
  });
});

describe('migration 0007', () => {
  const before = useDatabaseBefore(7);

  it('turns the old English sentences into codes with params and keeps operators’ notes', async () => {
    const database = await before.open();
    try {
      const user = (
        await database.db.execute<{ id: string }>(
          sql`insert into users (email, password_hash, role, name) values ('old@example.test', 'x', 'sme', 'Old SME') returning id`,
        )
      ).rows[0]!.id;
      await database.db.execute(sql`insert into smes (user_id, level) values (${user}, -2)`);
      const old = [
        [0, 'account created', 'sme'],
        [6, 'declined by Gulf Insurance; passed to Kuwait Re', 'insurance'],
        [7, 'credit of 5000.5 granted by Kuwait Re', 'insurance'],
        [-2, 'the licence is expired', 'admin'],
      ] as const;
      for (const [i, [level, desc, role]] of old.entries()) {
        await database.db.execute(
          sql`insert into verification_logs (user_id, level, "desc", operator_role, created_at)
              values (${user}, ${level}, ${desc}, ${role}, ${new Date(Date.UTC(2026, 0, 1 + i)).toISOString()})`,
        );
      }

      await runMigrations(database.db);

      const rows = await database.db.execute<{ level: number; code: string | null; params: unknown; desc: string }>(
        sql`select level, code, params, "desc" from verification_logs where user_id = ${user} order by created_at`,
      );
      expect(rows.rows).toEqual([
        { level: 0, code: 'accountCreated', params: {}, desc: '' },
        { level: 6, code: 'insuranceDeclined', params: { company: 'Gulf Insurance', next: 'Kuwait Re' }, desc: '' },
        { level: 7, code: 'creditGranted', params: { amount: 5000.5, company: 'Kuwait Re' }, desc: '' },
        { level: -2, code: 'rejected', params: {}, desc: 'the licence is expired' },
      ]);
      const language = await database.db.execute<{ language: string }>(sql`select language from users where id = ${user}`);
      expect(language.rows).toEqual([{ language: 'en' }]);
    } finally {
      await database.close();
    }
  });
});
