// Which back-office role decides on an SME or a supplier at which level (part 2 §4, DESIGN.md §4).
// The server refuses any other decision; the web app shows a decision form only where this allows one.
import { PROVIDER_LEVEL, SME_LEVEL } from '../levels.js';
import type { BackOfficeRole } from '../roles.js';

/** The level at which each role reviews an SME, and the level a verification moves it to. */
export const SME_REVIEW: Record<BackOfficeRole, { at: number; verifiedTo: number }> = {
  admin: { at: SME_LEVEL.docsUploaded, verifiedTo: SME_LEVEL.adminVerified },
  bank: { at: SME_LEVEL.adminVerified, verifiedTo: SME_LEVEL.bankVerified },
  insurance: { at: SME_LEVEL.bankVerified, verifiedTo: SME_LEVEL.insuranceVerified },
};

/** The admin sets the instalment plan of an SME the insurance verified, which activates it. */
export const SME_ACTIVATION = { at: SME_LEVEL.insuranceVerified, to: SME_LEVEL.adminActivated } as const;

/** The admin reviews a supplier whose documents are confirmed. */
export const PROVIDER_REVIEW = { at: PROVIDER_LEVEL.docsUploaded, verifiedTo: PROVIDER_LEVEL.adminVerified } as const;

export type SmeDecision = 'review' | 'insurance' | 'installments';

/** The SME decision a role can take at a level, or null when it has none to take. */
export function smeDecisionFor(role: BackOfficeRole, level: number): SmeDecision | null {
  if (role === 'admin' && level === SME_ACTIVATION.at) return 'installments';
  if (level !== SME_REVIEW[role].at) return null;
  return role === 'insurance' ? 'insurance' : 'review';
}

export function canDecideOnProvider(level: number): boolean {
  return level === PROVIDER_REVIEW.at;
}
