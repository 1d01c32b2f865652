// The documents of money that moved (issue 19): the payment receipt of a paid instalment, for its SME,
// and the remittance advice of a payout, for its supplier. Amounts in currency units, in the platform's
// currency, which each document names by its ISO code.
import { z } from 'zod';
import { MAX_INSTALLMENTS } from '../backoffice/forms.js';
import { MESSAGES } from '../messages.js';
import { okEnvelope } from '../schemas/envelope.js';

/**
 * A receipt's address: the order and the instalment's number in paying order (1-based). Anything else
 * is refused with the same sentence a receipt that does not exist gets.
 */
export const receiptParams = z.object({
  orderId: z.string({ error: MESSAGES.receiptNotFound }).uuid({ error: MESSAGES.receiptNotFound }),
  installment: z.coerce
    .number({ error: MESSAGES.receiptNotFound })
    .int({ error: MESSAGES.receiptNotFound })
    .min(1, { error: MESSAGES.receiptNotFound })
    .max(MAX_INSTALLMENTS, { error: MESSAGES.receiptNotFound }),
});
export type ReceiptParams = z.infer<typeof receiptParams>;

export const remittanceParams = z.object({
  orderId: z.string({ error: MESSAGES.remittanceNotFound }).uuid({ error: MESSAGES.remittanceNotFound }),
});

/** A party as a document names it: its company title, or its email while it has none. */
const documentParty = z.object({ name: z.string() });

export const receiptShape = z.object({
  orderId: z.string(),
  /** The order's own words, so the SME knows which purchase the payment was for. */
  description: z.string(),
  supplier: documentParty,
  sme: documentParty,
  installment: z.object({
    /** In paying order, 1-based, of `count`. */
    number: z.number().int(),
    count: z.number().int(),
    /** What the approved payment settled. */
    amount: z.number(),
    paidAt: z.string(),
  }),
  /** The payment's transaction id at the gateway. */
  transactionId: z.string(),
  /** Which gateway took it: 'sandbox' (the built-in test page) or 'myfatoorah'. */
  gateway: z.string(),
  /** ISO 4217: 'KWD'. */
  currency: z.string(),
});
export type Receipt = z.infer<typeof receiptShape>;
export const receiptResponse = okEnvelope(z.object({ receipt: receiptShape }));

/**
 * The payout as the ledger posted it: `amount` is what the payout closed of the order's funding, `discount`
 * the two fee shares together, `paidToSupplier` what the bank paid out (amount = discount + paidToSupplier).
 * The split of the discount between the bank and the platform is not the supplier's to see.
 */
export const remittanceShape = z.object({
  orderId: z.string(),
  description: z.string(),
  supplier: documentParty,
  sme: documentParty,
  /** When the payout was posted. */
  paidAt: z.string(),
  amount: z.number(),
  /** The supplier's discount rate of the order, as a fraction (0.1 = 10%). */
  discountRate: z.number(),
  discount: z.number(),
  paidToSupplier: z.number(),
  currency: z.string(),
  /** The payout's ledger entry: the reference the bank and the platform find it by. */
  reference: z.string(),
});
export type Remittance = z.infer<typeof remittanceShape>;
export const remittanceResponse = okEnvelope(z.object({ remittance: remittanceShape }));
