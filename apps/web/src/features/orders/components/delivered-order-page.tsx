// /delivered-order?orderId=…&verifyCode=… (part 1 §2, §7, §8): the link of the delivery QR code the SME
// shows. A parameter missing: the toast 'your data is incorrect' and home. Not signed in as a supplier:
// the sign-in form the app passes, with the note 'login as supplier to verify delivery'. Signed in as a
// supplier: one delivery confirmation, no retries ('loading ...'); on success a picture, the sentence
// and its toast, then the order's page; on failure 'your data is incorrect' on the page. A button to
// /provider reads 'delivering ...' while the call is under way, 'account' otherwise.
import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MESSAGES } from '@qist/domain';
import { IconAlertCircle, IconInfoCircle, IconTruckDelivery } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { clearSession, useSession } from '@/lib/session';
import { confirmDelivery } from '../api/confirm-delivery';

/** How long the success picture stays before the order's page opens. */
export const DELIVERED_REDIRECT_MS = 1500;

export type DeliveredOrderPageProps = {
  /** The sign-in form for a supplier; it stores the session only for a supplier. */
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

type Delivery = 'pending' | 'done' | 'failed';

/** Confirms the delivery once, on mount, and shows how it went. */
function ConfirmDelivery({ orderId, verifyCode }: { orderId: string; verifyCode: string }) {
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const navigate = useNavigate();
  const [state, setState] = useState<Delivery>('pending');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirmDelivery(orderId, verifyCode).then(
      () => {
        setState('done');
        notify.success(MESSAGES.deliveryRegistered);
      },
      (error: unknown) => {
        // an expired session: the sign-in form comes back, and signing in confirms anew
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          return;
        }
        setState('failed');
      },
    );
  }, [orderId, verifyCode]);

  useEffect(() => {
    if (state !== 'done') return;
    const timer = window.setTimeout(
      () => void navigate(paths.provider.order.getHref(orderId), { replace: true }),
      DELIVERED_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [state, orderId, navigate]);

  return (
    <Stack gap="lg">
      {state === 'pending' && (
        <Center py="xl" role="status">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t('delivered.loading')}</Text>
          </Group>
        </Center>
      )}
      {state === 'done' && (
        <Stack align="center" gap="md" py="md" role="status">
          <ThemeIcon size={120} radius={60} variant="light" color="teal" role="img" aria-label={t('delivered.illustration')}>
            <IconTruckDelivery size={72} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Text fw={600} fz="lg" ta="center">
            {tm(MESSAGES.deliveryRegistered)}
          </Text>
        </Stack>
      )}
      {state === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={tm(MESSAGES.dataIncorrect)} />
      )}
      <Button component={Link} to={paths.provider.area.getHref()} variant="light" fullWidth>
        {state === 'pending' ? t('delivered.delivering') : t('delivered.account')}
      </Button>
    </Stack>
  );
}

export function DeliveredOrderPage({ signInForm }: DeliveredOrderPageProps) {
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const [params] = useSearchParams();
  const session = useSession();
  const orderId = params.get('orderId')?.trim() ?? '';
  const verifyCode = params.get('verifyCode')?.trim() ?? '';

  if (!orderId || !verifyCode) return <IncorrectLink />;
  const isSupplier = Boolean(session.token) && session.role === 'provider';

  return (
    <Stack gap="lg" py="xl" maw={460} mx="auto" w="100%">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('delivered.title')}
      </Title>
      {isSupplier ? (
        <ConfirmDelivery key={`${orderId}:${verifyCode}`} orderId={orderId} verifyCode={verifyCode} />
      ) : (
        <Stack gap="md">
          <Alert color="blue" variant="light" icon={<IconInfoCircle />}>
            {tm(MESSAGES.loginAsSupplierToDeliver)}
          </Alert>
          {signInForm}
        </Stack>
      )}
    </Stack>
  );
}
