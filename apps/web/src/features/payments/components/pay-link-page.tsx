// /pay-order and /pay-instalment (part 1 §2, §8): the payment links sent by email and SMS. Without an
// orderId: 'your data is incorrect' and home. Not signed in as an SME: the sign-in form the app passes,
// with the note 'login as sme to payment'. Signed in as an SME: the payment starts at once
// ('loading ...') and the SME goes to the gateway's page; if it cannot start, the server's msg and the
// warning 'payment is done', then the SME area.
import { Alert, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@qist/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notify } from '@/lib/notify';
import { clearSession, useSession } from '@/lib/session';
import { startPayment, type PaymentKind } from '../api/start-payment';
import { useGoToUrl } from '../hooks/use-go-to-url';

export type PayLinkPageProps = {
  /** 'init' for /pay-order (the first instalment), 'installment' for /pay-instalment. */
  kind: PaymentKind;
  /** The sign-in form for an SME; it stores the session only for an SME. */
  signInForm: ReactNode;
};

/** Says 'your data is incorrect' once and goes home. */
function IncorrectLink() {
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    notify.error(MESSAGES.dataIncorrect);
  }, []);
  return <Navigate to={paths.home.getHref()} replace />;
}

/** Starts the payment once, on mount, and leaves for wherever it leads. */
function StartPayment({ kind, orderId }: { kind: PaymentKind; orderId: string }) {
  const { t } = useTranslation('orders');
  const goTo = useGoToUrl();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // isAuthAttempt: an expired session is handled here (the sign-in form comes back), not by leaving the link
    // Opening the link is one submission: one key, kept if the request has to be sent again.
    startPayment({ kind, orderId, idempotencyKey: newIdempotencyKey() }, { isAuthAttempt: true }).then(
      ({ paymentUrl }) => goTo(paymentUrl, { replace: true }),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          return;
        }
        notify.warning(MESSAGES.paymentAlreadyDone);
        void navigate(paths.sme.area.getHref(), { replace: true });
      },
    );
  }, [kind, orderId, goTo, navigate]);

  return (
    <Center py="xl" role="status">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>{t('payments.loading')}</Text>
      </Group>
    </Center>
  );
}

export function PayLinkPage({ kind, signInForm }: PayLinkPageProps) {
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const [params] = useSearchParams();
  const session = useSession();
  const orderId = params.get('orderId')?.trim() ?? '';

  if (!orderId) return <IncorrectLink />;
  const isSme = Boolean(session.token) && session.role === 'sme';

  return (
    <Stack gap="lg" py="xl" maw={460} mx="auto" w="100%">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t(kind === 'init' ? 'payments.payOrderTitle' : 'payments.payInstalmentTitle')}
      </Title>
      {isSme ? (
        <StartPayment key={`${kind}:${orderId}`} kind={kind} orderId={orderId} />
      ) : (
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
            {tm(MESSAGES.loginAsSmeToPay)}
          </Alert>
          {signInForm}
        </Stack>
      )}
    </Stack>
  );
}
