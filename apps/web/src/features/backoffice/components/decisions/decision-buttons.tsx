// Verify / Reject / Full reject. The one being sent shows a spinner; all wait while it runs.
import { Button, Group } from '@mantine/core';
import type { DecisionAction } from '@qist/domain';
import { useTranslation } from 'react-i18next';

export type DecisionButtonsProps = {
  onAction: (action: DecisionAction) => void;
  /** The action being sent, if any. */
  pending: DecisionAction | null;
};

const STYLE: Record<DecisionAction, { color: string; variant: 'filled' | 'light' | 'outline' }> = {
  verify: { color: 'teal', variant: 'filled' },
  reject: { color: 'orange', variant: 'light' },
  fullReject: { color: 'red', variant: 'outline' },
};

export function DecisionButtons({ onAction, pending }: DecisionButtonsProps) {
  const { t } = useTranslation('backoffice');
  return (
    <Group gap="sm">
      {(['verify', 'reject', 'fullReject'] as const).map((action) => (
        <Button
          key={action}
          type="button"
          color={STYLE[action].color}
          variant={STYLE[action].variant}
          loading={pending === action}
          disabled={pending !== null && pending !== action}
          onClick={() => onAction(action)}
        >
          {t(`decision.${action}`)}
        </Button>
      ))}
    </Group>
  );
}
