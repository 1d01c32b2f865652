// /gateway/sandbox/{transactionId}: the built-in sandbox gateway's hosted page (DESIGN.md §7), standing
// in for KNET / Tap / MyFatoorah. Clearly a test page: it shows the amount and description and lets the
// payer approve or decline, then sends them to the platform's result page. A transaction that is no
// longer pending says so: an approved or declined one links to its result, an expired one says to start
// the payment again from the order, a refunded one that it was given back.
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@qist/domain';
import { IconAlertTriangle, IconCheck, IconFlask, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { useCompleteSandboxPayment } from '../api/complete-sandbox-payment';
import { useSandboxTransaction } from '../api/get-sandbox-transaction';
import { useGoToUrl } from '../hooks/use-go-to-url';
import { Amount } from '@/lib/amounts';

/** What the page says of a transaction that no longer takes an answer, and where it leads. */
const DONE = {
  approved: { color: 'green', title: 'gateway.alreadyApproved', link: 'result' },
  declined: { color: 'gray', title: 'gateway.alreadyDeclined', link: 'result' },
  expired: { color: 'orange', title: 'gateway.expired', link: 'orders' },
  refunded: { color: 'gray', title: 'gateway.refunded', link: 'orders' },
} as const;

function SandboxTransaction({ transactionId }: { transactionId: string }) {
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const transaction = useSandboxTransaction(transactionId);
  const complete = useCompleteSandboxPayment();
  const goTo = useGoToUrl();
  const [choice, setChoice] = useState<boolean | null>(null);

  if (transaction.isPending) {
    return (
      <Center py="lg" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('payments.loading')}</Text>
        </Group>
      </Center>
    );
  }
  if (transaction.isError) {
    const message = transaction.error instanceof ApiError ? transaction.error.message : MESSAGES.serverError;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={tm(message)}>
        <Button size="xs" variant="white" color="red" onClick={() => void transaction.refetch()} loading={transaction.isFetching}>
          {t('payments.retry')}
        </Button>
      </Alert>
    );
  }

  const { amount, description, status } = transaction.data;
  const decide = (approve: boolean) => {
    setChoice(approve);
    complete.mutate(
      { transactionId, approve },
      // the gateway's page is done: Back should not return to it
      { onSuccess: ({ redirectUrl }) => goTo(redirectUrl, { replace: true }), onSettled: () => setChoice(null) },
    );
  };

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('gateway.amount')}
        </Text>
        <Text fz={32} fw={800} lh={1.2}>
          <Amount value={amount} />
        </Text>
      </Stack>
      <Stack gap={2}>
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('gateway.description')}
        </Text>
        <Text dir="auto" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {description}
        </Text>
      </Stack>
      {status === 'pending' ? (
        <Group grow gap="sm" mt="xs">
          <Button
            color="green"
            leftSection={<IconCheck size={18} aria-hidden />}
            onClick={() => decide(true)}
            loading={choice === true}
            disabled={complete.isPending}
          >
            {t('gateway.approve')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={18} aria-hidden />}
            onClick={() => decide(false)}
            loading={choice === false}
            disabled={complete.isPending}
          >
            {t('gateway.decline')}
          </Button>
        </Group>
      ) : (
        <Alert color={DONE[status].color} variant="light" title={t(DONE[status].title)}>
          {DONE[status].link === 'result' ? (
            <Anchor component={Link} to={paths.sme.paymentResult.getHref(transactionId)} fz="sm">
              {t('gateway.seeResult')}
            </Anchor>
          ) : (
            // an expired payment is paid by starting a new one from the order
            <Anchor component={Link} to={paths.sme.orders.getHref()} fz="sm">
              {t('gateway.seeOrders')}
            </Anchor>
          )}
        </Alert>
      )}
    </Stack>
  );
}

export function SandboxGatewayPage() {
  const { transactionId = '' } = useParams();
  const { t } = useTranslation('orders');
  return (
    <AuthLayout title={t('gateway.title')}>
      <Stack gap="md">
        <Alert
          color="orange"
          variant="filled"
          icon={<IconFlask aria-hidden />}
          role="note"
          title={
            <Badge color="white" c="orange.8" variant="filled">
              {t('gateway.testBadge')}
            </Badge>
          }
        >
          {t('gateway.testNotice')}
        </Alert>
        <SandboxTransaction transactionId={transactionId} />
      </Stack>
    </AuthLayout>
  );
}
