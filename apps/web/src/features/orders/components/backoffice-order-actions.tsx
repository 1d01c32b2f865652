// The back office's steps on an order (part 2 §4, as the domain's state machine allows): the admin's
// Verify Invoice at uploadedInvoice (4) and the bank's Pay (or Request payout) at invoiceVerifiedByAdmin
// (5), the latter behind a Yes / No question that shows what the supplier receives (order.breakdown, as
// sent). Each toasts its sentence; a step that moved the order goes back to the role's order list (part 2 §8).
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { canTakeAction, MESSAGES, payoutNeedsApproval, type Order, type PendingPayout } from '@qist/domain';
import { IconCash, IconFileCheck, IconHourglass } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { usePayoutThreshold } from '@/lib/payout-threshold';
import { useOrderStep, usePayOrder } from '../api/order-steps';
import { Amount, useFormatAmount } from '@/lib/amounts';

type ActionProps = { order: Pick<Order, '_id' | 'status' | 'amount' | 'breakdown' | 'pendingPayout'>; backHref: string };

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

/**
 * The bank's Pay at 5. At or above the payout approval threshold it is "Request payout": the payout waits
 * for a second bank user (DESIGN.md §8), the toast says so and the page stays, showing the request.
 * While a request is pending there is nothing to press.
 */
export function PayOrderButton({ order, backHref }: ActionProps) {
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const navigate = useNavigate();
  const pay = usePayOrder();
  const threshold = usePayoutThreshold();
  const [isConfirming, setConfirming] = useState(false);
  if (!canTakeAction('payByBank', order.status, 'bank') || order.pendingPayout) return null;
  // Until the threshold is known (or when it cannot be read) the safe wording is the request's.
  const needsApproval = threshold.data === undefined || payoutNeedsApproval(order.amount, threshold.data);

  const close = () => {
    if (!pay.isPending) setConfirming(false);
  };
  const onPay = () =>
    pay.mutate(order._id, {
      onSuccess: (content) => {
        setConfirming(false);
        if (content.approval) {
          notify.success(MESSAGES.payoutRequested);
          return;
        }
        notify.success(MESSAGES.orderPaid);
        void navigate(backHref);
      },
      // a refusal's msg is already an error toast (lib/api.ts)
      onError: () => setConfirming(false),
    });

  return (
    <>
      <Button leftSection={<IconCash size={18} />} onClick={() => setConfirming(true)} loading={threshold.isPending}>
        {needsApproval ? t('payout.request') : t('backoffice.pay')}
      </Button>
      <Modal
        opened={isConfirming}
        onClose={close}
        centered
        withCloseButton={false}
        size="sm"
        title={tm(needsApproval ? MESSAGES.payoutRequestConfirm : MESSAGES.orderPayConfirm)}
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
                <Amount value={order.breakdown.supplierPayout} />
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

/** A payout request waiting for its second bank user, shown on the order to every back-office role. */
export function PendingPayoutNotice({ pending }: { pending: PendingPayout }) {
  const formatAmount = useFormatAmount();
  const { t, i18n } = useTranslation('orders');
  const at = new Date(pending.requestedAt).toLocaleString(i18n.language === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Alert color="yellow" icon={<IconHourglass size={18} />} title={t('payout.pendingTitle')} role="status" aria-label={t('payout.pendingTitle')}>
      {t('payout.pendingLine', { amount: formatAmount(pending.amount), email: pending.requester.email, at })}
    </Alert>
  );
}
