// Real mail: an SMTP server runs in the test, the app sends to it, and the code is read out of the mail.
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/client.js';
import { outboxMessages, smes } from '../../src/db/schema/index.js';
import { JOB_QUEUE_SCHEMA } from '../../src/modules/jobs/queue.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
const waiters: ((mail: Received) => void)[] = [];
let rejectNext = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(_address, _session, callback) {
    if (rejectNext > 0) {
      rejectNext -= 1;
      callback(new Error('mailbox temporarily unavailable'));
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw };
      received.push(mail);
      waiters.shift()?.(mail);
      callback();
    });
  },
});

function nextMail(): Promise<Received> {
  return new Promise((resolve) => waiters.push(resolve));
}

let port = 0;
await new Promise<void>((resolve) =>
  smtp.listen(0, '127.0.0.1', () => {
    port = (smtp.server.address() as { port: number }).port;
    resolve();
  }),
);

const ctx = useTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Qist <no-reply@qist.test>' } });
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
beforeAll(() => {
  received.length = 0;
});

describe('email through SMTP', () => {
  it('keeps the code out of the response, mails it once, and the mailed code verifies the email', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const headers = bearer(await loginAs(ctx.app, account));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/email/resend', headers });
    expect(body(response).content).toEqual({ sent: true, retryAfter: 20 });

    const mail = nextMail();
    expect(await ctx.app.dispatcher.dispatchDue()).toBe(1);
    const { to, raw } = await mail;
    expect(to).toEqual([account.email]);
    expect(raw).toContain('From: Qist <no-reply@qist.test>');
    const code = /verification code is (\d{6})/.exec(raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // A second dispatch finds nothing due: the message is not sent twice.
    expect(await ctx.app.dispatcher.dispatchDue()).toBe(0);
    expect(received.filter((m) => m.to.includes(account.email))).toHaveLength(1);
    const [row] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, account.email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });

    const validated = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/email/validate', headers, payload: { code } });
    expect(body(validated).content).toEqual({ level: 1 });
    const [sme] = await ctx.db.select().from(smes).where(eq(smes.userId, account.id));
    expect(sme?.level).toBe(1);
  });

  it('retries a refused message later and then sends it once', async () => {
    const account = await createAccount(ctx.db, { role: 'provider' });
    const headers = bearer(await loginAs(ctx.app, account));
    rejectNext = 1;
    await ctx.app.inject({ method: 'GET', url: '/api/v1/provider/email/resend', headers });
    expect(await ctx.app.dispatcher.dispatchDue()).toBe(0);
    const [failed] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, account.email));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toContain('mailbox temporarily unavailable');
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is sent.
    expect(await ctx.app.dispatcher.dispatchDue()).toBe(0);
    await ctx.db.update(outboxMessages).set({ nextAttemptAt: new Date() }).where(eq(outboxMessages.id, failed!.id));
    const mail = nextMail();
    expect(await ctx.app.dispatcher.dispatchDue()).toBe(1);
    expect((await mail).to).toEqual([account.email]);
    const [sent] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, failed!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('are sent without being asked by an app that runs its background work: the outbox queue takes the message up', async () => {
    // A second process on the same database, running its outbox queue (ADR 39) as `npm start` does.
    const database = createDatabase(ctx.database.url, 4);
    const app = await buildApp({ config: ctx.config, db: database.db, logger: false, runJobs: false });
    try {
      await app.ready();
      const account = await createAccount(ctx.db, { role: 'sme' });
      const headers = bearer(await loginAs(app, account));
      const mail = nextMail();
      const response = await app.inject({ method: 'GET', url: '/api/v1/sme/email/resend', headers });
      expect(body(response).content).toEqual({ sent: true, retryAfter: 20 });
      expect((await mail).to).toEqual([account.email]);
      // The row is marked sent when the dispatch's transaction commits, just after the mail went.
      let row = (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, account.email)))[0];
      while (row?.status === 'pending') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        row = (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, account.email)))[0];
      }
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
      const jobs = await ctx.db.execute<{ state: string }>(sql.raw(`select state from ${JOB_QUEUE_SCHEMA}.job where name = 'outbox'`));
      expect(jobs.rows.length).toBeGreaterThan(0);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
