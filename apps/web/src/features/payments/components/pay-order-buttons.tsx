// The SME's payment buttons on an order (part 1 §2, DESIGN.md §4): 'Pay first instalment' while the
// order is created (0), 'Pay next instalment' once it is under way and an instalment is unpaid. Each
// starts a payment and sends the SME to the gateway's page; a refusal's msg is a toast.
import { Button } from '@mantine/core';
import { hasInstallmentToPay, ORDER_STATUS, type Order } from '@qist/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useStartPayment, type PaymentKind } from '../api/start-payment';
import { useGoToUrl } from '../hooks/use-go-to-url';

export function PayOrderButtons({ order }: { order: Pick<Order, '_id' | 'status' | 'installments'> }) {
  const { t } = useTranslation('orders');
  const startPayment = useStartPayment();
  const goTo = useGoToUrl();
  const [paying, setPaying] = useState<PaymentKind | null>(null);

  const pay = (kind: PaymentKind) => {
    setPaying(kind);
    startPayment.mutate(
      // a new press is a new submission: its own key
      { kind, orderId: order._id, idempotencyKey: newIdempotencyKey() },
      { onSuccess: ({ paymentUrl }) => goTo(paymentUrl), onSettled: () => setPaying(null) },
    );
  };

  return (
    <>
      {order.status === ORDER_STATUS.created && (
        <Button onClick={() => pay('init')} loading={paying === 'init'} disabled={startPayment.isPending}>
          {t('detail.payFirst')}
        </Button>
      )}
      {hasInstallmentToPay(order) && (
        <Button onClick={() => pay('installment')} loading={paying === 'installment'} disabled={startPayment.isPending}>
          {t('detail.payNext')}
        </Button>
      )}
    </>
  );
}
