// The Create Order modal of a supplier's page (part 1 §5): amount ('enter amount', 'must be more than
// 1$', 'must be less than {credit}$', at most 2 decimals) and description ('enter description'),
// checked by the domain's createOrderForm with the SME's available credit as the ceiling. On success:
// the two toasts of part 1 §7, the profile (the credit) is fetched again, and the SME goes to its orders.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { createOrderForm, MESSAGES, type CreateOrderForm } from '@qist/domain';
import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { newIdempotencyKey } from '@/lib/idempotency';
import { normalizeAmount } from '@/lib/normalize-input';
import { notify } from '@/lib/notify';
import { isSmeProfile, useProfile } from '@/lib/party-profile';
import { useCreateOrder } from '../api/create-order';
import { useCurrency, useFormatAmount } from '@/lib/amounts';

export type CreateOrderModalProps = {
  opened: boolean;
  onClose: () => void;
  providerId: string;
  supplierName: string;
};

/** What the inputs hold: the amount as typed. */
type CreateOrderFields = { amount: string; description: string };

/** '' → missing ('enter amount'); anything else as a number (text that is no number fails the same way). */
function toAmount(typed: string): number | undefined {
  const text = normalizeAmount(typed);
  return text === '' ? undefined : Number(text);
}

/** The domain's form schema, fed the typed amount as a number. */
function createOrderResolver(availableCredit: number): Resolver<CreateOrderFields, unknown, CreateOrderForm> {
  const resolve = zodResolver(createOrderForm(availableCredit));
  return (values, context, options) =>
    resolve({ ...values, amount: toAmount(values.amount) as number }, context, options as unknown as Parameters<typeof resolve>[2]);
}

export function CreateOrderModal({ opened, onClose, providerId, supplierName }: CreateOrderModalProps) {
  const { t } = useTranslation('orders');
  return (
    <Modal opened={opened} onClose={onClose} title={t('createOrder.title', { name: supplierName })} centered>
      {opened && <CreateOrderBody providerId={providerId} onClose={onClose} />}
    </Modal>
  );
}

/** The form once the available credit (the SME's profile, fetched again on opening) is known. */
function CreateOrderBody({ providerId, onClose }: { providerId: string; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const profile = useProfile('sme');
  if (profile.isPending) {
    return (
      <Center py="lg" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('createOrder.loadingCredit')}</Text>
        </Group>
      </Center>
    );
  }
  if (profile.isError || !isSmeProfile(profile.data)) {
    return (
      <Alert color="red" variant="light" title={t('createOrder.creditFailed')}>
        <Button size="xs" variant="white" color="red" onClick={() => void profile.refetch()} loading={profile.isFetching}>
          {t('createOrder.retry')}
        </Button>
      </Alert>
    );
  }
  return <OrderForm providerId={providerId} availableCredit={profile.data.credit.amount} onClose={onClose} />;
}

type OrderFormProps = { providerId: string; availableCredit: number; onClose: () => void };

function OrderForm({ providerId, availableCredit, onClose }: OrderFormProps) {
  const formatAmount = useFormatAmount();
  const currency = useCurrency();
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const resolver = useMemo(() => createOrderResolver(availableCredit), [availableCredit]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateOrderFields, unknown, CreateOrderForm>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: { amount: '', description: '' },
  });

  const onSubmit = handleSubmit((values) => {
    createOrder.mutate(
      // each press of Create Order is a new submission, with its own key
      { providerId, ...values, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          notify.success(MESSAGES.orderCreated);
          notify.success(MESSAGES.orderCheckPayment);
          onClose();
          void navigate(paths.sme.orders.getHref());
        },
        // a refusal's msg is already an error toast (lib/api.ts); the form stays for another try
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text fz="sm">
          {t('createOrder.availableCredit')}{' '}
          <Text span fw={700}>
            {formatAmount(availableCredit)}
          </Text>
        </Text>
        <TextInput
          label={t('createOrder.amount', { currency: currency.symbol })}
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          data-autofocus
          {...register('amount')}
          error={tm(errors.amount?.message)}
        />
        <Textarea
          label={t('createOrder.description')}
          withAsterisk
          rows={3}
          resize="vertical"
          {...register('description')}
          error={tm(errors.description?.message)}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={createOrder.isPending}>
            {t('createOrder.cancel')}
          </Button>
          <Button type="submit" loading={createOrder.isPending}>
            {t('createOrder.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
