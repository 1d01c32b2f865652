// The query key of the back-office queue counts (the badges beside the menu entries), here rather than
// in a feature because decisions in several features (SME and supplier reviews, invoice verification,
// payouts) must refresh it.
import type { BackOfficeRole } from '@qist/domain';

export const queueKeys = {
  all: ['queue-counts'] as const,
  counts: (role: BackOfficeRole) => ['queue-counts', role] as const,
};
