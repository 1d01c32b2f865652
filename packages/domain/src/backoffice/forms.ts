// The back office's browser forms that the API has no schema for: the instalment plan and the supplier's
// discount rate are typed in percent, checked with the spec's messages, and sent as fractions.
import { z } from 'zod';
import { basisPointsToFraction, fractionToBasisPoints, isWholePlan, toMinorUnits } from '../money.js';
import { buildSchedule } from '../orders/schedule.js';
import { MESSAGES } from '../messages.js';
import { DEFAULT_DISCOUNT_PERCENT, DEFAULT_INSTALLMENT_PERCENT, insuranceVerifyRequest, smeVerifyRequest } from './schemas.js';

export const MAX_INSTALLMENTS = 24;
export const MIN_DISCOUNT_PERCENT = 1;
export const MAX_DISCOUNT_PERCENT = 99;

/** 12.5 (percent) → 0.125, through basis points so no float noise reaches the API. */
export function percentToFraction(percent: number): number {
  return basisPointsToFraction(Math.round(percent * 100));
}

/** 0.125 → 12.5 (percent), for showing a stored fraction in a percent field. */
export function fractionToPercent(fraction: number): number {
  return Math.round(fraction * 10_000) / 100;
}

/** A description the decision needs (admin and bank decisions, plain rejects, activation). */
export const decisionForm = smeVerifyRequest.pick({ desc: true });
export type DecisionFormValues = z.infer<typeof decisionForm>;

// ---- the instalment plan ("set Installment", part 2 §5)

/** One row: a percent that is present, numeric and not zero. A number input gives '' when empty. */
export const installmentPercent = z
  .number({ error: MESSAGES.installmentsCareful })
  .finite(MESSAGES.installmentsCareful)
  .refine((v) => v !== 0, MESSAGES.zeroPercent)
  .refine((v) => v >= 0 && v <= 100, MESSAGES.installmentsCareful);

export const installmentsForm = z.object({
  desc: decisionForm.shape.desc,
  installments: z
    .array(z.object({ percent: installmentPercent }), { error: MESSAGES.installmentsCareful })
    .min(1, MESSAGES.installmentsCareful)
    .max(MAX_INSTALLMENTS, MESSAGES.installmentsCareful)
    // the sum is judged once every row is a valid percent, compared in basis points
    .refine(
      (rows) => rows.length === 0 || rows.some((r) => r.percent <= 0) || isWholePlan(rows.map((r) => r.percent / 100)),
      MESSAGES.installmentsSum,
    ),
});
export type InstallmentsFormInput = {
  desc: string;
  installments: { percent: number | string }[];
};
export type InstallmentsFormValues = z.infer<typeof installmentsForm>;

/** A new row of the plan. */
export const newInstallmentRow = () => ({ percent: DEFAULT_INSTALLMENT_PERCENT });

/** The plan the activation form opens with when the SME has none yet: four equal parts. */
export const DEFAULT_INSTALLMENT_PLAN_PERCENT: readonly number[] = [25, 25, 25, 25];

/** The rows the activation form opens with: the SME's current plan (fractions), else the default plan. */
export function initialInstallmentRows(currentPlan: readonly number[]): { percent: number }[] {
  const percents = currentPlan.length > 0 ? currentPlan.map(fractionToPercent) : DEFAULT_INSTALLMENT_PLAN_PERCENT;
  return percents.map((percent) => ({ percent }));
}

/** The example order the activation form previews its plan on: 1,000 in currency units (whole, in any currency). */
export const PLAN_PREVIEW_AMOUNT = 1000;

export interface PlanPreviewRow {
  percent: number;
  amountMinor: number;
  /** Days after the order's creation; 0 for the first instalment, paid at ordering. */
  dueAfterDays: number;
}

/**
 * What an order would owe under a plan typed in percent: the order's schedule (the amount split by
 * the plan with the remainder on the last part, deadlines every 30 days). Null until the rows form a
 * whole plan, since no order can be split by anything else.
 */
export function previewPlan(percents: readonly (number | string)[], amountMinor = toMinorUnits(PLAN_PREVIEW_AMOUNT)): PlanPreviewRow[] | null {
  if (percents.length === 0 || !percents.every((p): p is number => typeof p === 'number' && Number.isFinite(p) && p > 0)) return null;
  const fractions = percents.map((p) => p / 100);
  if (!isWholePlan(fractions)) return null;
  const start = new Date(0);
  return buildSchedule(amountMinor, fractions.map(fractionToBasisPoints), start).map((row) => ({
    percent: row.rateBasisPoints / 100,
    amountMinor: row.amountMinor,
    dueAfterDays: Math.round((row.deadline.getTime() - start.getTime()) / 86_400_000),
  }));
}

/** The plan of the form as the API takes it: fractions (70 → 0.7). */
export function toInstallmentFractions(values: InstallmentsFormValues): number[] {
  return values.installments.map((row) => percentToFraction(row.percent));
}

// ---- the supplier's discount rate (part 2 §5: 1 to 99, default 10, sent divided by 100)

export const discountPercent = z
  .number({ error: MESSAGES.invalidDiscountRate })
  .finite(MESSAGES.invalidDiscountRate)
  .min(MIN_DISCOUNT_PERCENT, MESSAGES.invalidDiscountRate)
  .max(MAX_DISCOUNT_PERCENT, MESSAGES.invalidDiscountRate);

// ---- the decision forms: one form per decider, the button pressed is its `action`

export const DECISION_ACTIONS = ['verify', 'reject', 'fullReject'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** The admin (level 4) and the bank (level 5) on an SME: every action needs a description. */
export const reviewDecisionForm = z.object({ action: z.enum(DECISION_ACTIONS), desc: decisionForm.shape.desc });
export type ReviewDecisionInput = { action: DecisionAction; desc: string };
export type ReviewDecisionValues = z.infer<typeof reviewDecisionForm>;

/**
 * An insurance company on an SME at level 6: Verify needs the credit (the description is optional), a
 * plain Reject the typed description, and a full reject nothing (it sends INSURANCE_FULL_REJECT_DESC).
 */
export const insuranceDecisionForm = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('verify'),
    credit: insuranceVerifyRequest.shape.credit,
    desc: insuranceVerifyRequest.shape.desc,
  }),
  z.object({ action: z.literal('reject'), desc: decisionForm.shape.desc }),
  z.object({ action: z.literal('fullReject') }),
]);
/** A number field holds '' while empty. */
export type InsuranceDecisionInput = { action: DecisionAction; credit: number | string; desc: string };
export type InsuranceDecisionValues = z.infer<typeof insuranceDecisionForm>;

/** The admin on a supplier at level 4: Verify needs the discount rate in percent; all need a description. */
export const supplierDecisionForm = z.discriminatedUnion('action', [
  z.object({ action: z.literal('verify'), desc: decisionForm.shape.desc, discount: discountPercent }),
  z.object({ action: z.enum(['reject', 'fullReject']), desc: decisionForm.shape.desc }),
]);
export type SupplierDecisionInput = { action: DecisionAction; desc: string; discount: number | string };
export type SupplierDecisionValues = z.infer<typeof supplierDecisionForm>;

export const DEFAULT_SUPPLIER_DECISION: SupplierDecisionInput = {
  action: 'verify',
  desc: '',
  discount: DEFAULT_DISCOUNT_PERCENT,
};

/** A full reject by an insurance company: the fixed description of the spec. */
export const INSURANCE_FULL_REJECT_DESC = 'declined by the insurance company';
