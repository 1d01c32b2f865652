// Payment receipts and remittance advice (issue 19). A receipt is read from the instalment and the
// approved payment that paid it; a remittance advice from the payout's ledger postings, so it shows
// what was posted, never a figure worked out again. A document the caller may not see answers 404,
// as one that does not exist does.
import { LEDGER_ACCOUNTS, MESSAGES, activeCurrency, basisPointsToFraction, fromMinorUnits, type Receipt, type ReceiptParams, type Remittance } from '@qist/domain';
import type { Db } from '../../db/transaction.js';
import { forbidden, notFound } from '../../errors.js';
import type { Principal } from '../../lib/principal.js';
import * as repo from './repository.js';

/** Raw SQL answers carry timestamps as text. */
function isoOf(value: Date | string): string {
  return new Date(value).toISOString();
}

/** A company by its title, or by its email while it has none (as the order pages name it). */
function nameOf(title: string | null, email: string): { name: string } {
  return { name: title?.trim() || email };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;

export function createReceiptsService({ db }: { db: Db }) {
  return {
    /** The SME reads its own orders' receipts; the admin and the bank any order's. */
    async receipt(principal: Principal, params: ReceiptParams): Promise<Receipt> {
      let smeUserId: string | undefined;
      if (principal.role === 'sme') smeUserId = principal.userId;
      else if (principal.role !== 'admin' && principal.role !== 'bank') throw forbidden(MESSAGES.forbidden);
      const row = await repo.findReceipt(db, params.orderId, params.installment - 1, smeUserId);
      if (!row) throw notFound(MESSAGES.receiptNotFound);
      return {
        orderId: row.order_id,
        description: row.description,
        supplier: nameOf(row.provider_title, row.provider_email),
        sme: nameOf(row.sme_title, row.sme_email),
        installment: {
          number: row.position + 1,
          count: Number(row.installment_count),
          amount: fromMinorUnits(Number(row.amount)),
          paidAt: isoOf(row.paid_at),
        },
        transactionId: row.transaction_id,
        gateway: row.gateway,
        currency: activeCurrency().code,
      };
    },

    /** The supplier's remittance advice of its paid-out order, from the payout entry's postings. */
    async remittance(principal: Principal, orderId: string): Promise<Remittance> {
      if (principal.role !== 'provider') throw forbidden(MESSAGES.forbidden);
      const row = await repo.findPayout(db, orderId, principal.userId);
      if (!row) throw notFound(MESSAGES.remittanceNotFound);
      const postings = await repo.entryPostings(db, row.entry_id);
      const posted = (account: string) => postings.get(account) ?? 0;
      // The payout entry (domain bankPayoutEntry): the order's funding debited by the amount, credited
      // by the payout to the supplier and the two shares of the discount.
      const discount = -(posted(LEDGER_ACCOUNTS.bankFeeIncome) + posted(LEDGER_ACCOUNTS.platformFeeIncome));
      return {
        orderId: row.order_id,
        description: row.description,
        supplier: nameOf(row.provider_title, row.provider_email),
        sme: nameOf(row.sme_title, row.sme_email),
        paidAt: isoOf(row.posted_at),
        amount: fromMinorUnits(posted(LEDGER_ACCOUNTS.orderFunding)),
        discountRate: basisPointsToFraction(row.tax_rate),
        discount: fromMinorUnits(discount),
        paidToSupplier: fromMinorUnits(-posted(LEDGER_ACCOUNTS.bankPayouts)),
        currency: activeCurrency().code,
        reference: row.entry_id,
      };
    },
  };
}
