// The SME's Cancel button of an order it has not paid yet (status 0), behind a Yes / No question.
import { Button } from '@mantine/core';
import { MESSAGES, ORDER_STATUS, type Order } from '@qist/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/lib/notify';
import { useCancelOrder } from '../api/cancel-order';

export function CancelOrderButton({ order }: { order: Pick<Order, '_id' | 'status'> }) {
  const { t } = useTranslation('orders');
  const cancelOrder = useCancelOrder();
  const [isConfirming, setConfirming] = useState(false);
  if (order.status !== ORDER_STATUS.created) return null;

  const cancel = () =>
    cancelOrder.mutate(order._id, {
      onSuccess: () => notify.success(MESSAGES.orderCanceled),
      // a refusal's msg is already an error toast (lib/api.ts)
      onSettled: () => setConfirming(false),
    });

  return (
    <>
      <Button variant="light" color="red" onClick={() => setConfirming(true)}>
        {t('detail.cancel')}
      </Button>
      <ConfirmDialog
        opened={isConfirming}
        question={t('detail.cancelConfirm')}
        yesLabel={t('detail.yes')}
        noLabel={t('detail.no')}
        onYes={cancel}
        onNo={() => setConfirming(false)}
        loading={cancelOrder.isPending}
      />
    </>
  );
}
