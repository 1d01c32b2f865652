// Every back-office decision against every other level and every other role: refused, nothing changed.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ROLES, type Role } from '@qist/domain';
import { providers, smes, verificationLogs } from '../../src/db/schema/index.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();
const headersOf = {} as Record<Role, Record<string, string>>;

beforeAll(async () => {
  for (const role of ROLES) headersOf[role] = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role, level: 8 })));
});

interface Decision {
  name: string;
  url: string;
  role: Role;
  kind: 'sme' | 'provider';
  level: number;
  payload: (id: string) => object;
}

const DECISIONS: Decision[] = [
  { name: 'admin verify', url: '/api/v1/admin/sme/verify', role: 'admin', kind: 'sme', level: 4, payload: (smeId) => ({ smeId, desc: 'ok' }) },
  { name: 'admin reject', url: '/api/v1/admin/sme/reject', role: 'admin', kind: 'sme', level: 4, payload: (smeId) => ({ smeId, desc: 'no', full: false }) },
  { name: 'bank verify', url: '/api/v1/bank/sme/verify', role: 'bank', kind: 'sme', level: 5, payload: (smeId) => ({ smeId, desc: 'ok' }) },
  { name: 'bank reject', url: '/api/v1/bank/sme/reject', role: 'bank', kind: 'sme', level: 5, payload: (smeId) => ({ smeId, desc: 'no', full: true }) },
  { name: 'insurance verify', url: '/api/v1/insurance/sme/verify', role: 'insurance', kind: 'sme', level: 6, payload: (smeId) => ({ smeId, desc: 'ok', credit: 1000 }) },
  { name: 'insurance reject', url: '/api/v1/insurance/sme/reject', role: 'insurance', kind: 'sme', level: 6, payload: (smeId) => ({ smeId, desc: 'no', full: true }) },
  { name: 'admin activate', url: '/api/v1/admin/sme/active', role: 'admin', kind: 'sme', level: 7, payload: (smeId) => ({ smeId, desc: 'ok', installments: [0.5, 0.5] }) },
  { name: 'supplier verify', url: '/api/v1/admin/provider/verify', role: 'admin', kind: 'provider', level: 4, payload: (providerId) => ({ providerId, desc: 'ok', taxRate: 0.1 }) },
  { name: 'supplier reject', url: '/api/v1/admin/provider/reject', role: 'admin', kind: 'provider', level: 4, payload: (providerId) => ({ providerId, desc: 'no', full: false }) },
];

const SME_LEVELS = [0, 1, 2, 3, 4, 5, 6, 7, 8, -1, -2, -6];
const PROVIDER_LEVELS = [0, 1, 2, 3, 4, 5, -1, -2];

async function partyAt(kind: 'sme' | 'provider', level: number) {
  const account = await createAccount(ctx.db, { role: kind, level });
  const table = kind === 'sme' ? smes : providers;
  const [row] = await ctx.db.select().from(table).where(eq(table.userId, account.id));
  return { id: row!.id, userId: account.id };
}

async function stateOf(kind: 'sme' | 'provider', userId: string) {
  const table = kind === 'sme' ? smes : providers;
  const [row] = await ctx.db.select().from(table).where(eq(table.userId, userId));
  const logs = await ctx.db.select().from(verificationLogs).where(eq(verificationLogs.userId, userId));
  return { level: row!.level, logs: logs.length };
}

const wrongLevels = DECISIONS.flatMap((d) =>
  (d.kind === 'sme' ? SME_LEVELS : PROVIDER_LEVELS).filter((l) => l !== d.level).map((level) => [d.name, level, d] as const),
);

describe('decisions at a wrong level', () => {
  it.each(wrongLevels)('%s at level %i is refused with 409 and changes nothing', async (_name, level, decision) => {
    const party = await partyAt(decision.kind, level);
    const response = await ctx.app.inject({ method: 'POST', url: decision.url, headers: headersOf[decision.role], payload: decision.payload(party.id) });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.wrongLevelForDecision });
    expect(await stateOf(decision.kind, party.userId)).toEqual({ level, logs: 0 });
  });
});

const wrongRoles = DECISIONS.flatMap((d) => ROLES.filter((r) => r !== d.role).map((role) => [d.name, role, d] as const));

describe('decisions by a wrong role', () => {
  it.each(wrongRoles)('%s by %s is refused with 403 and changes nothing', async (_name, role, decision) => {
    const party = await partyAt(decision.kind, decision.level);
    const response = await ctx.app.inject({ method: 'POST', url: decision.url, headers: headersOf[role], payload: decision.payload(party.id) });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.forbidden });
    expect(await stateOf(decision.kind, party.userId)).toEqual({ level: decision.level, logs: 0 });
  });

  it.each(DECISIONS.map((d) => [d.name, d] as const))('%s without a token is refused with 401', async (_name, decision) => {
    const party = await partyAt(decision.kind, decision.level);
    const response = await ctx.app.inject({ method: 'POST', url: decision.url, payload: decision.payload(party.id) });
    expect(response.statusCode).toBe(401);
    expect(await stateOf(decision.kind, party.userId)).toEqual({ level: decision.level, logs: 0 });
  });
});

describe('decisions at the right level', () => {
  it.each(DECISIONS.map((d) => [d.name, d] as const))('%s moves the party and writes one log row', async (_name, decision) => {
    const party = await partyAt(decision.kind, decision.level);
    const response = await ctx.app.inject({ method: 'POST', url: decision.url, headers: headersOf[decision.role], payload: decision.payload(party.id) });
    expect(response.statusCode).toBe(200);
    const after = await stateOf(decision.kind, party.userId);
    expect(after.level).toBe(body(response).content.level);
    expect(after.level).not.toBe(decision.level);
    expect(after.logs).toBe(1);
  });
});
