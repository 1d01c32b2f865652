// Rows to the spec's order and instalment shapes (part 1 §6): minor units and basis points become
// currency units and fractions here, at the edge, and nowhere else.
import { basisPointsToFraction, fromMinorUnits, orderBreakdown, type Order, type OrderBreakdown, type OrderListItem } from '@qist/domain';
import type { InstallmentRow, OrderRow } from './repository.js';

/**
 * Raw SQL answers carry timestamps as text; typed queries as Date. PostgreSQL's text of a timestamptz
 * in UTC, `2026-01-02 03:04:05.123456+00` (the fraction optional), is rewritten without a Date (an
 * export writes millions): the milliseconds are cut from the microseconds, as Date does.
 */
export function isoOf(value: Date | string): string {
  if (typeof value === 'string') {
    const n = value.length;
    if (n >= 22 && n <= 29 && value.charCodeAt(4) === 45 && value.charCodeAt(10) === 32 && value.endsWith('+00') && (n === 22 || value.charCodeAt(19) === 46)) {
      const fraction = n === 22 ? '000' : `${value.slice(20, n - 3)}00`;
      return `${value.slice(0, 10)}T${value.slice(11, 19)}.${fraction.slice(0, 3)}Z`;
    }
  }
  return new Date(value).toISOString();
}

export function toOrderListItem(row: OrderRow): OrderListItem {
  return {
    _id: row.id,
    amount: fromMinorUnits(Number(row.amount)),
    status: row.status,
    paid: row.paid,
    description: row.description,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
    tax_rate: basisPointsToFraction(row.tax_rate),
    bank_share_rate: basisPointsToFraction(row.bank_share_rate),
    sme_id: { _id: row.sme_id, desc: { title: row.sme_title }, auth_id: { email: row.sme_email } },
    provider_id: { _id: row.provider_id, desc: { title: row.provider_title }, auth_id: { email: row.provider_email } },
    invoice: row.invoice_file ? { file: row.invoice_file } : null,
    latePay: { once: row.late_once, active: row.late_active },
  };
}

export function toBreakdown(row: OrderRow): OrderBreakdown {
  const b = orderBreakdown(Number(row.amount), row.tax_rate, row.bank_share_rate);
  return {
    discountRate: basisPointsToFraction(row.tax_rate),
    discount: fromMinorUnits(b.discountMinor),
    bankShareRate: basisPointsToFraction(row.bank_share_rate),
    bankShare: fromMinorUnits(b.bankShareMinor),
    platformShareRate: basisPointsToFraction(10_000 - row.bank_share_rate),
    platformShare: fromMinorUnits(b.platformShareMinor),
    supplierPayout: fromMinorUnits(b.supplierPayoutMinor),
  };
}

export function toOrder(
  row: OrderRow,
  installments: InstallmentRow[],
  options: { verifyCode: boolean; breakdown?: OrderBreakdown },
): Order {
  return {
    ...toOrderListItem(row),
    ...(options.verifyCode ? { verify_code: row.verify_code } : {}),
    ...(options.breakdown ? { breakdown: options.breakdown } : {}),
    installments: installments.map((i) => ({
      _id: i.id,
      order_id: i.order_id,
      rate: basisPointsToFraction(i.rate),
      amount: fromMinorUnits(Number(i.amount)),
      paid: { at: i.paid_at ? isoOf(i.paid_at) : null, deadline: isoOf(i.deadline) },
    })),
  };
}
