// An insurance company's decision on an SME at level 6 (when it is its turn): Verify grants the credit
// (step 10, prefilled with what the SME asked for); Reject sends it back to edit with the typed
// description; Full reject declines it with a fixed description and the next company gets it.
import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, Stack, Textarea } from '@mantine/core';
import {
  INSURANCE_FULL_REJECT_DESC,
  insuranceDecisionForm,
  type DecisionAction,
  type InsuranceDecisionInput,
  type InsuranceDecisionValues,
  type SmeProfile,
} from '@qist/domain';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';
import { useInsuranceVerifySme } from '../../api/insurance-verify-sme';
import { useRejectSme } from '../../api/reject-sme';
import { useConfirm } from '../../hooks/use-confirm';
import { useDecisionDone } from '../../hooks/use-decision-done';
import { smePaths } from '../../roles';
import { DecisionButtons } from './decision-buttons';
import { DecisionCard } from './decision-card';
import { adornmentWidth, CurrencyAdornment, useCurrency, useFormatAmount } from '@/lib/amounts';

// The form holds raw input (the credit field is '' while empty); the schema judges it per action.
const resolver = zodResolver(insuranceDecisionForm) as unknown as Resolver<InsuranceDecisionInput, unknown, InsuranceDecisionValues>;

export function InsuranceDecisionForm({ sme }: { sme: SmeProfile }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('backoffice');
  const currency = useCurrency();
  const tm = useTranslateMessage();
  const verify = useInsuranceVerifySme();
  const reject = useRejectSme('insurance');
  const done = useDecisionDone(smePaths('insurance').list);
  const { ask, dialog } = useConfirm();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<InsuranceDecisionInput, unknown, InsuranceDecisionValues>({
    resolver,
    defaultValues: { action: 'verify', credit: sme.credit.request > 0 ? sme.credit.request : '', desc: '' },
  });

  const pending: DecisionAction | null = verify.isPending
    ? 'verify'
    : reject.isPending
      ? reject.variables?.full
        ? 'fullReject'
        : 'reject'
      : null;

  const decide = (values: InsuranceDecisionValues) => {
    switch (values.action) {
      case 'verify':
        done(verify.mutateAsync({ smeId: sme._id, desc: values.desc, credit: values.credit }));
        return;
      case 'reject':
        ask(t('decision.confirm.reject'), () =>
          done(reject.mutateAsync({ smeId: sme._id, desc: values.desc, full: false })),
        );
        return;
      case 'fullReject':
        ask(t('decision.confirm.insuranceFullReject'), () =>
          done(reject.mutateAsync({ smeId: sme._id, desc: INSURANCE_FULL_REJECT_DESC, full: true })),
        );
    }
  };

  const onAction = (action: DecisionAction) => {
    setValue('action', action);
    void handleSubmit(decide)();
  };

  return (
    <DecisionCard title={t('decision.title')} hint={t('decision.hints.insurance')}>
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack gap="sm">
          <Controller
            control={control}
            name="credit"
            render={({ field, fieldState }) => (
              <NumberInput
                ref={field.ref}
                name={field.name}
                label={t('decision.credit')}
                description={t('decision.creditHint', { requested: formatAmount(sme.credit.request), currency: currency.name })}
                leftSection={<CurrencyAdornment sign={currency.adornment} />}
                leftSectionWidth={adornmentWidth(currency.adornment)}
                step={10}
                min={0}
                allowNegative={false}
                decimalScale={currency.decimals}
                thousandSeparator=","
                clampBehavior="none"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={tm(fieldState.error?.message)}
                maw={320}
              />
            )}
          />
          <Textarea
            label={t('decision.description')}
            placeholder={t('decision.descriptionPlaceholder')}
            rows={3}
            resize="vertical"
            {...register('desc')}
            error={tm(errors.desc?.message)}
          />
          <DecisionButtons onAction={onAction} pending={pending} />
        </Stack>
      </form>
      {dialog}
    </DecisionCard>
  );
}
