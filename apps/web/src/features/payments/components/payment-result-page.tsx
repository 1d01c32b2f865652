// /sme/payment-result/{transactionId}: asks the platform once whether the payment went through
// (POST pay/verify, which settles it exactly once), then shows 'payment succeeded!' or 'payment failed!'
// with links to the order and to the order list.
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MESSAGES } from '@qist/domain';
import { IconAlertCircle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useVerifyPayment } from '../api/verify-payment';

function ResultLinks({ orderId }: { orderId?: string }) {
  const { t } = useTranslation('orders');
  return (
    <Group gap="md" justify="center" wrap="wrap">
      {orderId && (
        <Button component={Link} to={paths.sme.order.getHref(orderId)}>
          {t('payments.seeOrder')}
        </Button>
      )}
      <Anchor component={Link} to={paths.sme.orders.getHref()}>
        {t('payments.seeOrders')}
      </Anchor>
    </Group>
  );
}

export function PaymentResultPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const verify = useVerifyPayment(id);
  const succeeded = verify.data?.payStatus === true;

  // part 1 §8: 'payment is done successfully', once per payment shown
  const toasted = useRef<string | null>(null);
  useEffect(() => {
    if (succeeded && toasted.current !== id) {
      toasted.current = id;
      notify.success(MESSAGES.paymentDone);
    }
  }, [succeeded, id]);

  let body;
  if (verify.isPending) {
    body = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('payments.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (verify.isError) {
    const message = verify.error instanceof ApiError ? verify.error.message : MESSAGES.serverError;
    body = (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={tm(message)}>
          <Button size="xs" variant="white" color="red" onClick={() => void verify.refetch()} loading={verify.isFetching}>
            {t('payments.retry')}
          </Button>
        </Alert>
        <ResultLinks />
      </Stack>
    );
  } else {
    body = (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light" color={succeeded ? 'green' : 'red'} aria-hidden>
            {succeeded ? <IconCircleCheck size={48} /> : <IconCircleX size={48} />}
          </ThemeIcon>
          <Title order={2} fz={{ base: 22, sm: 26 }} ta="center" c={succeeded ? 'green.8' : 'red.8'}>
            {tm(succeeded ? MESSAGES.paymentSucceeded : MESSAGES.paymentFailed)}
          </Title>
          <ResultLinks orderId={verify.data.orderId} />
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('payments.resultTitle')}
      </Title>
      {body}
    </Stack>
  );
}
