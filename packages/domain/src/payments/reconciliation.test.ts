import { describe, expect, it } from 'vitest';
import { differenceCount, reconcileDay, utcDayBounds, utcDayOf, type DayEvidence } from './reconciliation.js';

const evidence = (over: Partial<DayEvidence>): DayEvidence => ({
  gateway: [],
  ledger: [],
  ledgerElsewhere: new Map(),
  gatewayElsewhere: new Map(),
  orderOf: new Map(),
  refundedTransactions: new Set(),
  currency: 'KWD',
  ...over,
});

describe('reconcileDay', () => {
  it('matches by transaction, to the fil, and sorts every other transaction into one list', () => {
    const day = reconcileDay(
      evidence({
        gateway: [
          { transactionId: 't-same', amountMinor: 30_864, currency: 'KWD' },
          { transactionId: 't-fil', amountMinor: 30_865, currency: 'KWD' },
          { transactionId: 't-usd', amountMinor: 30_864, currency: 'USD' },
          { transactionId: 't-lost', amountMinor: 1_000, currency: 'KWD' },
          { transactionId: 't-back', amountMinor: 2_000, currency: 'KWD' },
          { transactionId: 't-before', amountMinor: 3_000, currency: 'KWD' },
        ],
        ledger: [
          { transactionId: 't-same', orderId: 'o1', amountMinor: 30_864 },
          { transactionId: 't-fil', orderId: 'o2', amountMinor: 30_864 },
          { transactionId: 't-usd', orderId: 'o3', amountMinor: 30_864 },
          { transactionId: 't-next', orderId: 'o6', amountMinor: 4_000 },
          { transactionId: 't-never', orderId: 'o7', amountMinor: 5_000 },
        ],
        ledgerElsewhere: new Map([['t-before', { transactionId: 't-before', orderId: 'o5', amountMinor: 3_000 }]]),
        gatewayElsewhere: new Map([
          ['t-next', { transactionId: 't-next', amountMinor: 4_000, currency: 'KWD' }],
          ['t-never', null],
        ]),
        orderOf: new Map([
          ['t-lost', 'o4'],
          ['t-back', 'o8'],
        ]),
        refundedTransactions: new Set(['t-back']),
      }),
    );
    expect(day.matched).toBe(3);
    expect(day.amountMismatch).toEqual([
      { transactionId: 't-fil', orderId: 'o2', gatewayAmountMinor: 30_865, ledgerAmountMinor: 30_864 },
      { transactionId: 't-usd', orderId: 'o3', gatewayAmountMinor: 30_864, ledgerAmountMinor: 30_864 },
    ]);
    expect(day.missingInLedger).toEqual([{ transactionId: 't-lost', orderId: 'o4', gatewayAmountMinor: 1_000, ledgerAmountMinor: null }]);
    expect(day.refunded).toEqual([{ transactionId: 't-back', orderId: 'o8', gatewayAmountMinor: 2_000, ledgerAmountMinor: null }]);
    expect(day.missingAtGateway).toEqual([{ transactionId: 't-never', orderId: 'o7', gatewayAmountMinor: null, ledgerAmountMinor: 5_000 }]);
    expect(differenceCount(day)).toBe(4);
  });

  it('finds nothing to say about an empty day', () => {
    expect(reconcileDay(evidence({}))).toEqual({ matched: 0, missingInLedger: [], missingAtGateway: [], amountMismatch: [], refunded: [] });
  });
});

describe('UTC days', () => {
  it('are bounded at midnight UTC, end excluded', () => {
    const { from, to } = utcDayBounds('2026-11-24');
    expect([from.toISOString(), to.toISOString()]).toEqual(['2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z']);
    expect([utcDayOf(new Date('2026-11-24T23:59:59.999Z')), utcDayOf(to)]).toEqual(['2026-11-24', '2026-11-25']);
  });
});
