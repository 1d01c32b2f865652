// The audit trail (DESIGN §8): the names of the recorded actions, the admin's list query and the
// event shape. The action names are the one list shared by the server (what it writes), the API
// (the filter) and the web (the select and its translations).
import { z } from 'zod';
import { okEnvelope, paginationQuery } from '../schemas/envelope.js';

/** Every recorded action, by name; the value is what a row's `action` holds. */
export const AUDIT_ACTIONS = {
  signInSucceeded: 'auth.sign-in.succeeded',
  signInFailed: 'auth.sign-in.failed',
  mfaEnabled: 'auth.mfa.enabled',
  mfaDisabled: 'auth.mfa.disabled',
  passwordReset: 'auth.password.reset',
  passwordChanged: 'auth.password.changed',
  smeVerified: 'sme.verified',
  smeRejected: 'sme.rejected',
  smeCreditGranted: 'sme.credit-granted',
  smeInsuranceRejected: 'sme.insurance-rejected',
  smeActivated: 'sme.activated',
  providerVerified: 'provider.verified',
  providerRejected: 'provider.rejected',
  categoryCreated: 'settings.category-created',
  categoryUpdated: 'settings.category-updated',
  shareRateChanged: 'settings.share-rate-changed',
  insuranceOrderChanged: 'settings.insurance-order-changed',
  signupCodeChanged: 'settings.signup-code-changed',
  approvalThresholdChanged: 'settings.approval-threshold-changed',
  userInvited: 'user.invited',
  userDisabled: 'user.disabled',
  userEnabled: 'user.enabled',
  invoiceVerified: 'order.invoice-verified',
  orderRefunded: 'order.refunded',
  refundRetried: 'refund.retried',
  payoutPaid: 'payout.paid',
  payoutRequested: 'payout.requested',
  payoutApproved: 'payout.approved',
  payoutRejected: 'payout.rejected',
  documentDownloaded: 'file.document-downloaded',
  invoiceDownloaded: 'file.invoice-downloaded',
  reconciliationReviewed: 'reconciliation.reviewed',
} as const;

export type AuditActionKey = keyof typeof AUDIT_ACTIONS;
export type AuditAction = (typeof AUDIT_ACTIONS)[AuditActionKey];
export const AUDIT_ACTION_VALUES = Object.values(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** What an event is about: a party, an order, a file, a setting, an account. */
export const AUDIT_TARGET_TYPES = ['sme', 'provider', 'order', 'document', 'invoice', 'setting', 'user', 'approval', 'email', 'reconciliation'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

/** The filters of the list and of its CSV export; `to` as a day includes that whole day. */
export const auditFilterQuery = z.object({
  action: z.enum(AUDIT_ACTION_VALUES).optional(),
  /** The actor's email or account id. */
  actor: z.string().trim().min(1).max(254).optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  from: z.union([day, instant]).optional(),
  to: z.union([day, instant]).optional(),
});
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;

export const auditListQuery = paginationQuery.extend(auditFilterQuery.shape);
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditActor = z.object({ _id: z.string(), email: z.string(), role: z.string() });
export type AuditActor = z.infer<typeof auditActor>;

export const auditEvent = z.object({
  _id: z.string(),
  seq: z.number().int(),
  at: z.string(),
  actor: auditActor.nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string() }),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEvent = z.infer<typeof auditEvent>;

export const auditListResponse = okEnvelope(z.object({ events: z.array(auditEvent), count: z.number().int() }));
export type AuditListResponse = z.infer<typeof auditListResponse>;
