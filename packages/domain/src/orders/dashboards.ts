// Each role's dashboard (DESIGN.md §7): ordersByStatus over exactly the orders that role's list
// shows, and the role's own figures, all read from the orders and the ledger. Amounts in currency units.
import { z } from 'zod';
import { okEnvelope } from '../schemas/envelope.js';

/** `{ "<status>": count }` over the orders the role's list shows. */
const ordersByStatus = z.record(z.string(), z.number().int());
const byMonth = z.array(z.object({ month: z.string(), amount: z.number(), count: z.number().int() }));
const countAmount = z.object({ count: z.number().int(), amount: z.number() });

export const smeDashboard = z.object({
  ordersByStatus,
  credit: z.object({ limit: z.number(), used: z.number(), available: z.number() }),
  nextInstallment: z.object({ orderId: z.string(), amount: z.number(), deadline: z.string() }).nullable(),
  /** Unpaid instalments of live orders due within 30, 60 and 90 days from now (cumulative). */
  dueWithin: z.object({ days30: countAmount, days60: countAmount, days90: countAmount }),
  late: countAmount,
  bySupplier: z.array(z.object({ providerId: z.string(), title: z.string().nullable(), amount: z.number(), count: z.number().int() })),
});
export type SmeDashboard = z.infer<typeof smeDashboard>;

export const providerDashboard = z.object({
  ordersByStatus,
  toAccept: z.number().int(),
  toDeliver: z.number().int(),
  toInvoice: z.number().int(),
  /** What the bank will pay for orders not paid out yet: amount − discount. */
  expectedPayouts: countAmount,
  paidOutByMonth: byMonth,
});
export type ProviderDashboard = z.infer<typeof providerDashboard>;

export const adminDashboard = z.object({
  ordersByStatus,
  smesByLevel: z.record(z.string(), z.number().int()),
  providersByLevel: z.record(z.string(), z.number().int()),
  volumeByMonth: byMonth,
  late: countAmount,
  feeIncome: z.object({ bank: z.number(), platform: z.number() }),
  invoicesToVerify: z.number().int(),
  /** Days whose reconciliation found differences nobody has looked at yet, newest first (at most 7). */
  reconciliation: z.object({ openDays: z.array(z.object({ date: z.string(), differences: z.number().int() })) }),
  /**
   * Payments' aftermath to look at: refunds failed or still not accepted by the gateway a day after they
   * were recorded, and gateway answers that settled nothing while their payment is still unsettled.
   */
  payments: z.object({ refundsNeedingAttention: z.number().int(), openAnomalies: z.number().int() }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const bankDashboard = z.object({
  ordersByStatus,
  awaitingPayout: countAmount,
  payoutsByMonth: byMonth,
  bankShareEarned: z.number(),
  receivables: z.number(),
  late: countAmount,
});
export type BankDashboard = z.infer<typeof bankDashboard>;

export const insuranceDashboard = z.object({
  ordersByStatus,
  insuredSmes: z.number().int(),
  credit: z.object({ granted: z.number(), used: z.number() }),
  late: countAmount,
  queue: z.number().int(),
});
export type InsuranceDashboard = z.infer<typeof insuranceDashboard>;

export const smeDashboardResponse = okEnvelope(smeDashboard);
export const providerDashboardResponse = okEnvelope(providerDashboard);
export const adminDashboardResponse = okEnvelope(adminDashboard);
export const bankDashboardResponse = okEnvelope(bankDashboard);
export const insuranceDashboardResponse = okEnvelope(insuranceDashboard);
