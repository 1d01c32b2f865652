// The decision on an SME profile, shown only when the viewer's role may act at the SME's level (an
// insurer's with the underwriting summary above it).
import { Stack } from '@mantine/core';
import type { BackOfficeRole, SmeProfile } from '@qist/domain';
import { smeDecisionFor } from '../../roles';
import { InstallmentsForm } from './installments-form';
import { InsuranceDecisionForm } from './insurance-decision-form';
import { ReviewDecisionForm } from './review-decision-form';
import { UnderwritingSummary } from './underwriting-summary';

export function SmeDecisionPanel({ role, sme }: { role: BackOfficeRole; sme: SmeProfile }) {
  const decision = smeDecisionFor(role, sme.level);
  if (decision === 'review' && role !== 'insurance') return <ReviewDecisionForm role={role} sme={sme} />;
  if (decision === 'insurance') {
    // the underwriter reads what the SME asked for and what the admin and the bank found, then decides
    return (
      <Stack gap="lg">
        <UnderwritingSummary sme={sme} />
        <InsuranceDecisionForm sme={sme} />
      </Stack>
    );
  }
  if (decision === 'installments') return <InstallmentsForm sme={sme} />;
  return null;
}
