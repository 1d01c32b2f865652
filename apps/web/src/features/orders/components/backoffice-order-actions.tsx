// The back office's steps on an order (part 2 §4, as the domain's state machine allows): the admin's
// Verify Invoice at uploadedInvoice (4) and the bank's Pay at invoiceVerifiedByAdmin (5), the latter
// behind a Yes / No question that shows what the supplier receives (order.breakdown, as sent). Each
// toasts its sentence and goes back to the role's order list (part 2 §8).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { canTakeAction, formatAmount, MESSAGES, type Order } from '@qist/domain';
import { IconCash, IconFileCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useOrderStep } from '../api/order-steps';

type ActionProps = { order: Pick<Order, '_id' | 'status' | 'breakdown'>; backHref: string };

export function VerifyInvoiceButton({ order, backHref }: ActionProps) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const verify = useOrderStep('verifyInvoice');
  if (!canTakeAction('verifyInvoice', order.status, 'admin')) return null;

  const onVerify = () =>
    verify.mutate(order._id, {
      onSuccess: () => {
        notify.success(MESSAGES.invoiceVerified);
        void navigate(backHref);
      },
    });

  return (
    <Button leftSection={<IconFileCheck size={18} />} onClick={onVerify} loading={verify.isPending}>
      {t('backoffice.verifyInvoice')}
    </Button>
  );
}

export function PayOrderButton({ order, backHref }: ActionProps) {
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const navigate = useNavigate();
  const pay = useOrderStep('pay');
  const [isConfirming, setConfirming] = useState(false);
  if (!canTakeAction('payByBank', order.status, 'bank')) return null;

  const close = () => {
    if (!pay.isPending) setConfirming(false);
  };
  const onPay = () =>
    pay.mutate(order._id, {
      onSuccess: () => {
        notify.success(MESSAGES.orderPaid);
        setConfirming(false);
        void navigate(backHref);
      },
      // a refusal's msg is already an error toast (lib/api.ts)
      onError: () => setConfirming(false),
    });

  return (
    <>
      <Button leftSection={<IconCash size={18} />} onClick={() => setConfirming(true)}>
        {t('backoffice.pay')}
      </Button>
      <Modal
        opened={isConfirming}
        onClose={close}
        centered
        withCloseButton={false}
        size="sm"
        title={tm(MESSAGES.orderPayConfirm)}
        styles={{ header: { justifyContent: 'center' }, title: { fontWeight: 600, textAlign: 'center' } }}
        closeOnClickOutside={!pay.isPending}
        closeOnEscape={!pay.isPending}
      >
        <Stack gap="md">
          {order.breakdown && (
            <Stack gap={2} align="center">
              <Text fz="sm" c="dimmed">
                {t('backoffice.payoutLabel')}
              </Text>
              <Text fw={700} fz="xl">
                <bdi dir="ltr">{formatAmount(order.breakdown.supplierPayout)}</bdi>
              </Text>
            </Stack>
          )}
          <Group justify="center" gap="sm" grow>
            <Button variant="default" onClick={close} disabled={pay.isPending}>
              {t('backoffice.no')}
            </Button>
            <Button onClick={onPay} loading={pay.isPending} data-autofocus>
              {t('backoffice.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
