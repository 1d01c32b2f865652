// Each role's dashboard: the repository's figures in minor units become the API's currency units.
import {
  MESSAGES,
  ORDER_STATUS,
  fromMinorUnits,
  type AdminDashboard,
  type BankDashboard,
  type InsuranceDashboard,
  type ProviderDashboard,
  type SmeDashboard,
} from '@qist/domain';
import type { Db } from '../../db/transaction.js';
import { forbidden } from '../../errors.js';
import type { Principal } from '../../lib/principal.js';
import * as repo from './repository.js';

type CountAmount = { count: number; amount: number };
type Month = { month: string; amount: number; count: number };

const money = (minor: unknown) => fromMinorUnits(Number(minor ?? 0));
const countAmount = (value: CountAmount) => ({ count: value.count, amount: money(value.amount) });
const months = (series: Month[]) => series.map((m) => ({ month: m.month, amount: money(m.amount), count: m.count }));

/** The days whose reconciliation has differences nobody has looked at (the orders module keeps them). */
export interface OpenReconciliationDays {
  openDays(reader?: Db): Promise<AdminDashboard['reconciliation']['openDays']>;
}

/**
 * Every figure is read through `reader`, the primary's handle by default; the routes pass the read
 * replica's when the reader may read there (ADR 37): a dashboard shows, it decides nothing.
 */
export function createDashboardService({ db, clock = () => new Date(), reconciliation }: { db: Db; clock?: () => Date; reconciliation: OpenReconciliationDays }) {
  return {
    async sme(principal: Principal, reader: Db = db): Promise<SmeDashboard> {
      const f = (await repo.smeFigures(reader, principal.userId)) as {
        ordersByStatus: Record<string, number>;
        credit: { limit: number; used: number; available: number } | null;
        nextInstallment: { orderId: string; amount: number; deadline: string } | null;
        dueWithin: Record<'days30' | 'days60' | 'days90', CountAmount>;
        late: CountAmount;
        bySupplier: { providerId: string; title: string | null; amount: number; count: number }[];
      };
      if (!f.credit) throw forbidden(MESSAGES.forbidden);
      return {
        ordersByStatus: f.ordersByStatus,
        credit: { limit: money(f.credit.limit), used: money(f.credit.used), available: money(f.credit.available) },
        nextInstallment: f.nextInstallment && {
          orderId: f.nextInstallment.orderId,
          amount: money(f.nextInstallment.amount),
          deadline: new Date(f.nextInstallment.deadline).toISOString(),
        },
        dueWithin: { days30: countAmount(f.dueWithin.days30), days60: countAmount(f.dueWithin.days60), days90: countAmount(f.dueWithin.days90) },
        late: countAmount(f.late),
        bySupplier: f.bySupplier.map((s) => ({ ...s, amount: money(s.amount) })),
      };
    },

    async provider(principal: Principal, reader: Db = db): Promise<ProviderDashboard> {
      const f = (await repo.providerFigures(reader, principal.userId)) as {
        ordersByStatus: Record<string, number>;
        expectedPayouts: CountAmount;
        paidOutByMonth: Month[];
      };
      const at = (status: number) => f.ordersByStatus[String(status)] ?? 0;
      return {
        ordersByStatus: f.ordersByStatus,
        toAccept: at(ORDER_STATUS.waiting),
        toDeliver: at(ORDER_STATUS.sending),
        toInvoice: at(ORDER_STATUS.delivered),
        expectedPayouts: countAmount(f.expectedPayouts),
        paidOutByMonth: months(f.paidOutByMonth),
      };
    },

    async admin(reader: Db = db): Promise<AdminDashboard> {
      const [figures, openDays] = await Promise.all([repo.adminFigures(reader, clock()), reconciliation.openDays(reader)]);
      const f = figures as {
        ordersByStatus: Record<string, number>;
        smesByLevel: Record<string, number>;
        providersByLevel: Record<string, number>;
        volumeByMonth: Month[];
        late: CountAmount;
        feeIncome: { bank: number; platform: number };
        payments: { refundsNeedingAttention: number; openAnomalies: number };
      };
      return {
        ordersByStatus: f.ordersByStatus,
        smesByLevel: f.smesByLevel,
        providersByLevel: f.providersByLevel,
        volumeByMonth: months(f.volumeByMonth),
        late: countAmount(f.late),
        feeIncome: { bank: money(f.feeIncome.bank), platform: money(f.feeIncome.platform) },
        invoicesToVerify: f.ordersByStatus[String(ORDER_STATUS.uploadedInvoice)] ?? 0,
        payments: f.payments,
        reconciliation: { openDays },
      };
    },

    async bank(reader: Db = db): Promise<BankDashboard> {
      const f = (await repo.bankFigures(reader)) as {
        ordersByStatus: Record<string, number>;
        awaitingPayout: CountAmount;
        payoutsByMonth: Month[];
        bankShareEarned: number;
        receivables: number;
        late: CountAmount;
      };
      return {
        ordersByStatus: f.ordersByStatus,
        awaitingPayout: countAmount(f.awaitingPayout),
        payoutsByMonth: months(f.payoutsByMonth),
        bankShareEarned: money(f.bankShareEarned),
        receivables: money(f.receivables),
        late: countAmount(f.late),
      };
    },

    async insurance(principal: Principal, reader: Db = db): Promise<InsuranceDashboard> {
      if (!principal.insuranceCompanyId) throw forbidden(MESSAGES.forbidden);
      const f = (await repo.insuranceFigures(reader, principal.insuranceCompanyId)) as {
        ordersByStatus: Record<string, number>;
        insuredSmes: number;
        credit: { granted: number; used: number };
        late: CountAmount;
        queue: number;
      };
      return {
        ordersByStatus: f.ordersByStatus,
        insuredSmes: f.insuredSmes,
        credit: { granted: money(f.credit.granted), used: money(f.credit.used) },
        late: countAmount(f.late),
        queue: f.queue,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
