import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { outboxMessages, providers, smes, users, verificationCodes, verificationLogs } from '../../src/db/schema/index.js';
import { bearer, body, createAccount, loginAs, useTestApp, type TestAccount } from '../helpers.js';

const ctx = useTestApp();

async function party(role: 'sme' | 'provider', level = 0): Promise<{ account: TestAccount; token: string; headers: Record<string, string> }> {
  const account = await createAccount(ctx.db, { role, level });
  const token = await loginAs(ctx.app, account);
  return { account, token, headers: bearer(token) };
}

async function levelOf(role: 'sme' | 'provider', userId: string): Promise<number | undefined> {
  const table = role === 'sme' ? smes : providers;
  const [row] = await ctx.db.select({ level: table.level }).from(table).where(eq(table.userId, userId));
  return row?.level;
}

/** Moves the last code back in time, as if the cooldown (or its lifetime) had passed. */
async function ageCodes(userId: string, seconds: number) {
  await ctx.db
    .update(verificationCodes)
    .set({
      createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${verificationCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(verificationCodes.userId, userId));
}

const resend = (role: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: `/api/v1/${role}/email/resend`, headers });
const validate = (role: string, headers: Record<string, string>, code: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/${role}/email/validate`, headers, payload: { code } });

describe('email code', () => {
  it('sends a 6-digit code through the outbox and shows it in demo mode', async () => {
    const { account, headers } = await party('sme');
    const response = await resend('sme', headers);
    expect(response.statusCode).toBe(200);
    const { content } = body(response);
    expect(content).toMatchObject({ sent: true, retryAfter: 20 });
    expect(content.code).toMatch(/^\d{6}$/);
    const [message] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, account.email));
    expect(message).toMatchObject({ channel: 'email', status: 'demo' });
    expect(message?.body).toContain(content.code);
    const [stored] = await ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, account.id));
    expect(stored?.codeHash).not.toContain(content.code);
  });

  it('refuses a second code within 20 seconds and allows one after', async () => {
    const { account, headers } = await party('provider');
    expect((await resend('provider', headers)).statusCode).toBe(200);
    const early = await resend('provider', headers);
    expect(early.statusCode).toBe(429);
    expect(body(early)).toEqual({ status: false, msg: MESSAGES.resendTooSoon });
    await ageCodes(account.id, 21);
    const later = await resend('provider', headers);
    expect(later.statusCode).toBe(200);
    const open = await ctx.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, account.id), sql`${verificationCodes.consumedAt} is null`));
    expect(open).toHaveLength(1);
  });

  it('moves the party to level 1 with a log row on the right code', async () => {
    const { account, headers } = await party('sme');
    const { code } = body(await resend('sme', headers)).content;
    const response = await validate('sme', headers, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(body(response)).toEqual({ status: true, content: { level: 1 } });
    expect(await levelOf('sme', account.id)).toBe(1);
    const [log] = await ctx.db.select().from(verificationLogs).where(eq(verificationLogs.userId, account.id)).orderBy(desc(verificationLogs.createdAt));
    expect(log).toMatchObject({ level: 1, code: 'emailVerified', params: {}, desc: '', operatorRole: 'sme' });
    const [user] = await ctx.db.select().from(users).where(eq(users.id, account.id));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    // The same code cannot be used twice, and the step is over.
    const again = await validate('sme', headers, code);
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe(MESSAGES.emailAlreadyVerified);
  });

  it('refuses a malformed, a missing, a wrong and an expired code and changes nothing', async () => {
    const { account, headers } = await party('sme');
    expect(body(await validate('sme', headers, '12ab56')).msg).toBe(MESSAGES.codeLength);
    expect(body(await validate('sme', headers, '123456')).msg).toBe(MESSAGES.codeNotRequested);
    const { code } = body(await resend('sme', headers)).content;
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await validate('sme', headers, wrong);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe(MESSAGES.codeIncorrect);
    await ageCodes(account.id, 15 * 60 + 1);
    expect(body(await validate('sme', headers, code)).msg).toBe(MESSAGES.codeExpired);
    expect(await levelOf('sme', account.id)).toBe(0);
  });

  it('locks a code after 5 wrong tries, even for the right code, until a new one is sent', async () => {
    const { account, headers } = await party('sme');
    const { code } = body(await resend('sme', headers)).content;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(body(await validate('sme', headers, wrong)).msg);
    expect(answers).toEqual([...Array(4).fill(MESSAGES.codeIncorrect), MESSAGES.codeTooManyTries]);
    expect(body(await validate('sme', headers, code)).msg).toBe(MESSAGES.codeTooManyTries);
    expect(await levelOf('sme', account.id)).toBe(0);

    await ageCodes(account.id, 21);
    const fresh = body(await resend('sme', headers)).content.code;
    expect(body(await validate('sme', headers, fresh)).content).toEqual({ level: 1 });
  });
});

describe('phone code', () => {
  const add = (role: string, headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/${role}/phone/add`, headers, payload });
  const check = (role: string, headers: Record<string, string>, otp: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1/${role}/phone/validate`, headers, payload: { otp } });

  it('is refused before the email is verified', async () => {
    const { headers } = await party('sme', 0);
    const response = await add('sme', headers, { phone: '55501234', countryCode: '965' });
    expect(response.statusCode).toBe(409);
    expect(body(response).msg).toBe(MESSAGES.verifyEmailFirst);
  });

  it('validates the number and the country code', async () => {
    const { headers } = await party('sme', 1);
    expect(body(await add('sme', headers, { phone: '', countryCode: '965' })).msg).toBe(MESSAGES.phoneRequired);
    expect(body(await add('sme', headers, { phone: '55-ABC', countryCode: '965' })).msg).toBe(MESSAGES.phoneInvalid);
    expect(body(await add('sme', headers, { phone: '55501234', countryCode: '1' })).msg).toBe(MESSAGES.countryCodeRequired);
  });

  it('sends a 4-digit code by SMS and, sent back as a number, verifies the phone (level 2)', async () => {
    const { account, headers } = await party('provider', 1);
    const sent = body(await add('provider', headers, { phone: '5550 1234', countryCode: '974' }));
    expect(sent.content.otp).toMatch(/^\d{4}$/);
    const [message] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, '+97455501234'));
    expect(message).toMatchObject({ channel: 'sms', status: 'demo' });

    const wrong = Number(sent.content.otp) === 9999 ? 1 : 9999;
    expect(body(await check('provider', headers, wrong)).msg).toBe(MESSAGES.codeIncorrect);
    expect(body(await check('provider', headers, 12345)).msg).toBe(MESSAGES.otpLength);
    expect(body(await check('provider', headers, Number(sent.content.otp))).content).toEqual({ level: 2 });
    const [row] = await ctx.db.select().from(providers).where(eq(providers.userId, account.id));
    expect(row).toMatchObject({ level: 2, phoneCountryCode: '974', phoneNumber: '55501234' });
  });

  it('is refused to another role with 403', async () => {
    const { headers } = await party('provider', 1);
    const response = await add('sme', headers, { phone: '55501234', countryCode: '965' });
    expect(response.statusCode).toBe(403);
  });
});
