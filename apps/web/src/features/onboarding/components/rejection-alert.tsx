// At the top of a rejected party's verification page: why it was rejected, in the words of whoever
// rejected it (the note of its latest rejection in the timeline), so the party need not look for it
// at the bottom of the timeline before editing its information again.
import { Alert } from '@mantine/core';
import type { VerificationLog } from '@qist/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLogs } from '../api/get-logs';
import type { PartyRole } from '../api/keys';

/** The note of the latest log that moved the party to a rejected (negative) level, if it has one. */
export function latestRejectionNote(logs: readonly VerificationLog[]): string | null {
  const rejection = logs.findLast((log) => log.level < 0);
  return rejection?.desc.trim() ? rejection.desc : null;
}

export function RejectionAlert({ role, level }: { role: PartyRole; level: number }) {
  const { t } = useTranslation('onboarding');
  // the timeline's own query: one call serves both
  const logs = useLogs(role);
  const note = level < 0 && logs.data ? latestRejectionNote(logs.data) : null;
  if (!note) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t('verification.rejectionReason')} maw={720}>
      <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note}</span>
    </Alert>
  );
}
