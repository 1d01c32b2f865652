// The supplier's buttons on an order that waits for it (status 1, as the domain's state machine
// allows): Accept ('order accepted successfully', then the order is fetched again) and Decline, behind
// a Yes / No question, after which the supplier is back on its list.
import { Button } from '@mantine/core';
import { canTakeAction, MESSAGES, type Order } from '@qist/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useOrderStep } from '../api/order-steps';

export function SupplierOrderActions({ order }: { order: Pick<Order, '_id' | 'status'> }) {
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const accept = useOrderStep('accept');
  const decline = useOrderStep('decline');
  const [isConfirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const canAccept = canTakeAction('accept', order.status, 'provider');
  const canDecline = canTakeAction('decline', order.status, 'provider');
  if (!canAccept && !canDecline) return null;
  const busy = accept.isPending || decline.isPending;

  const onAccept = () => accept.mutate(order._id, { onSuccess: () => notify.success(MESSAGES.orderAccepted) });
  const onDecline = () =>
    decline.mutate(order._id, {
      // Back to the list, where the declined order stays under Canceled, read-only.
      onSuccess: () => {
        notify.success(MESSAGES.orderDeclined);
        void navigate(paths.provider.orders.getHref());
      },
      // a refusal's msg is already an error toast (lib/api.ts)
      onSettled: () => setConfirming(false),
    });

  return (
    <>
      {canAccept && (
        <Button leftSection={<IconCheck size={18} />} onClick={onAccept} loading={accept.isPending} disabled={busy && !accept.isPending}>
          {t('fulfilment.accept')}
        </Button>
      )}
      {canDecline && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconX size={18} />}
          onClick={() => setConfirming(true)}
          disabled={busy}
        >
          {t('fulfilment.decline')}
        </Button>
      )}
      <ConfirmDialog
        opened={isConfirming}
        question={tm(MESSAGES.orderDeclineConfirm) ?? MESSAGES.orderDeclineConfirm}
        yesLabel={t('fulfilment.yes')}
        noLabel={t('fulfilment.no')}
        onYes={onDecline}
        onNo={() => setConfirming(false)}
        loading={decline.isPending}
      />
    </>
  );
}
