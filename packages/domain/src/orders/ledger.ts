// The double-entry ledger's accounts and the entries each money step writes (DESIGN.md §4).
// Every entry's postings sum to zero; positive is a debit, negative a credit, in minor units.
import { splitInTwo, shareOf } from '../money.js';

export const LEDGER_ACCOUNTS = {
  /** What an SME owes on its orders: its credit in use (credit.spend). One per SME. */
  smeReceivable: 'sme_receivable',
  /** What the platform owes for orders it financed, until the bank settles the supplier. */
  orderFunding: 'order_funding',
  /** Money received from (or returned to) SMEs through the payment gateway. */
  gatewayClearing: 'gateway_clearing',
  /** What the bank paid out to suppliers (amount less discount). */
  bankPayouts: 'bank_payouts',
  /** The bank's share of supplier discounts. */
  bankFeeIncome: 'bank_fee_income',
  /** The platform's share of supplier discounts. */
  platformFeeIncome: 'platform_fee_income',
} as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[keyof typeof LEDGER_ACCOUNTS];

export const LEDGER_ENTRY_KINDS = ['order_created', 'installment_paid', 'order_canceled', 'refund', 'bank_payout'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export interface Posting {
  account: LedgerAccount;
  amountMinor: number;
}

export interface LedgerEntry {
  kind: LedgerEntryKind;
  postings: Posting[];
}

const A = LEDGER_ACCOUNTS;

/** The SME takes credit for the whole order: its receivable grows, the platform owes the order. */
export function orderCreatedEntry(amountMinor: number): LedgerEntry {
  return { kind: 'order_created', postings: [{ account: A.smeReceivable, amountMinor }, { account: A.orderFunding, amountMinor: -amountMinor }] };
}

/** An instalment received through the gateway pays down the receivable (and frees that much credit). */
export function installmentPaidEntry(amountMinor: number): LedgerEntry {
  return { kind: 'installment_paid', postings: [{ account: A.gatewayClearing, amountMinor }, { account: A.smeReceivable, amountMinor: -amountMinor }] };
}

/** A paid instalment given back: the receivable is restored before the order is released. */
export function refundEntry(amountMinor: number): LedgerEntry {
  return { kind: 'refund', postings: [{ account: A.gatewayClearing, amountMinor: -amountMinor }, { account: A.smeReceivable, amountMinor }] };
}

/** A canceled order releases what the SME still owes on it. */
export function orderCanceledEntry(outstandingMinor: number): LedgerEntry {
  return { kind: 'order_canceled', postings: [{ account: A.smeReceivable, amountMinor: -outstandingMinor }, { account: A.orderFunding, amountMinor: outstandingMinor }] };
}

export interface Breakdown {
  discountMinor: number;
  bankShareMinor: number;
  platformShareMinor: number;
  supplierPayoutMinor: number;
}

/** The supplier's discount on an order and its split: bank share rounded down, the platform takes the rest. */
export function orderBreakdown(amountMinor: number, discountRateBp: number, bankShareRateBp: number): Breakdown {
  const discountMinor = shareOf(amountMinor, discountRateBp);
  const [bankShareMinor, platformShareMinor] = splitInTwo(discountMinor, bankShareRateBp);
  return { discountMinor, bankShareMinor, platformShareMinor, supplierPayoutMinor: amountMinor - discountMinor };
}

/** The bank settles the supplier: the order's funding is closed by the payout and the two fee shares. */
export function bankPayoutEntry(amountMinor: number, breakdown: Breakdown): LedgerEntry {
  return {
    kind: 'bank_payout',
    postings: [
      { account: A.orderFunding, amountMinor },
      { account: A.bankPayouts, amountMinor: -breakdown.supplierPayoutMinor },
      { account: A.bankFeeIncome, amountMinor: -breakdown.bankShareMinor },
      { account: A.platformFeeIncome, amountMinor: -breakdown.platformShareMinor },
    ],
  };
}

export function entryTotal(entry: LedgerEntry): number {
  return entry.postings.reduce((sum, p) => sum + p.amountMinor, 0);
}

/** The credit identity: available = limit − spend, never negative. */
export function availableCredit(limitMinor: number, spendMinor: number): number {
  return limitMinor - spendMinor;
}
