// The decision on an SME profile, shown only when the viewer's role may act at the SME's level.
import type { BackOfficeRole, SmeProfile } from '@qist/domain';
import { smeDecisionFor } from '../../roles';
import { InstallmentsForm } from './installments-form';
import { InsuranceDecisionForm } from './insurance-decision-form';
import { ReviewDecisionForm } from './review-decision-form';

export function SmeDecisionPanel({ role, sme }: { role: BackOfficeRole; sme: SmeProfile }) {
  const decision = smeDecisionFor(role, sme.level);
  if (decision === 'review' && role !== 'insurance') return <ReviewDecisionForm role={role} sme={sme} />;
  if (decision === 'insurance') return <InsuranceDecisionForm sme={sme} />;
  if (decision === 'installments') return <InstallmentsForm sme={sme} />;
  return null;
}
