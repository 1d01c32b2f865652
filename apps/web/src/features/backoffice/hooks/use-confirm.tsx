// Asks before a destructive action (reject, full reject): a Yes / No dialog, then the action on Yes.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type Pending = { question: string; run: () => void };

export function useConfirm(): { ask: (question: string, run: () => void) => void; dialog: ReactNode } {
  const { t } = useTranslation('backoffice');
  const [pending, setPending] = useState<Pending | null>(null);
  const dialog = (
    <ConfirmDialog
      opened={pending !== null}
      question={pending?.question ?? ''}
      yesLabel={t('decision.yes')}
      noLabel={t('decision.no')}
      onNo={() => setPending(null)}
      onYes={() => {
        pending?.run();
        setPending(null);
      }}
    />
  );
  return { ask: (question, run) => setPending({ question, run }), dialog };
}
