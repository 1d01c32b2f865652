// Which payment gateway the platform takes money through: the sandbox is never a silent default
// outside a demo database, and with a real gateway configured its test page's calls are refused.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { loadConfig } from '../../src/config.js';
import type { PaymentGateway } from '../../src/modules/orders/gateway.js';
import { TEST_SESSION_SECRET, body, useTestApp } from '../helpers.js';

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'qist-gw-')), SESSION_SECRET: TEST_SESSION_SECRET });

/** A stand-in for a real gateway: it never approves anything by itself. */
const realGateway: PaymentGateway = {
  name: 'real',
  async start() {
    return { transactionId: 'real_1', paymentUrl: 'https://pay.example/real_1' };
  },
  async status() {
    return { status: 'pending' };
  },
  async captures() {
    return [];
  },
  async refund() {
    return { state: 'requested', gatewayRefundId: 'r1' };
  },
  async refundStatus() {
    return 'pending';
  },
};

describe('PAYMENT_GATEWAY', () => {
  it('defaults to the sandbox only for a demo database', () => {
    expect(loadConfig(base()).paymentGateway).toBe('sandbox');
    expect(loadConfig({ ...base(), SEED_DEMO: 'true' }).paymentGateway).toBe('sandbox');
    expect(loadConfig({ ...base(), SEED_DEMO: 'false', PAYMENT_GATEWAY: 'sandbox' }).paymentGateway).toBe('sandbox');
  });

  it('refuses to start without it when SEED_DEMO=false, in one sentence saying to set it (to sandbox too, if wanted)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-gw-'));
    let message = '';
    try {
      loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/set PAYMENT_GATEWAY to myfatoorah .*, or to sandbox if test payments that anyone can approve are really wanted\.$/);
    expect(message).not.toContain('\n');
    expect(message.match(/\.(\s|$)/g)).toHaveLength(1);
  });

  it('takes myfatoorah with its three settings, naming the ones missing', () => {
    expect(() => loadConfig({ ...base(), PAYMENT_GATEWAY: 'myfatoorah', MYFATOORAH_API_KEY: 'k' })).toThrow(
      'Invalid configuration: PAYMENT_GATEWAY=myfatoorah needs MYFATOORAH_BASE_URL, MYFATOORAH_WEBHOOK_SECRET.',
    );
    const config = loadConfig({
      ...base(),
      SEED_DEMO: 'false',
      PAYMENT_GATEWAY: 'myfatoorah',
      MYFATOORAH_BASE_URL: 'https://apitest.myfatoorah.com/',
      MYFATOORAH_API_KEY: 'key',
      MYFATOORAH_WEBHOOK_SECRET: 'secret',
    });
    expect([config.paymentGateway, config.myfatoorah]).toEqual(['myfatoorah', { baseUrl: 'https://apitest.myfatoorah.com', apiKey: 'key', webhookSecret: 'secret' }]);
    expect(() => loadConfig({ ...base(), PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY is sandbox or myfatoorah/);
  });
});

describe('the sandbox’s page with a real gateway configured', () => {
  const ctx = useTestApp({ gateway: realGateway });

  it('refuses to show or complete a payment, changing nothing', async () => {
    await ctx.db.execute(sql`insert into sandbox_transactions (id, amount, description) values ('sbx_left_from_a_demo', 1000, 'Boxes')`);
    const complete = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pub/gateway/sandbox/complete',
      payload: { transactionId: 'sbx_left_from_a_demo', approve: true },
    });
    expect([complete.statusCode, body(complete)]).toEqual([403, { status: false, msg: MESSAGES.sandboxNotInUse }]);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/pub/gateway/sandbox/sbx_left_from_a_demo' });
    expect([page.statusCode, body(page).msg]).toEqual([403, MESSAGES.sandboxNotInUse]);
    const row = await ctx.db.execute<{ status: string; completed_at: Date | null }>(
      sql`select status, completed_at from sandbox_transactions where id = 'sbx_left_from_a_demo'`,
    );
    expect(row.rows).toEqual([{ status: 'pending', completed_at: null }]);
    expect(ctx.app.sandbox).toBeUndefined();
  });
});
