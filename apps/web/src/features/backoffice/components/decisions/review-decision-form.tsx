// The admin's decision at level 4 and the bank's at level 5 on an SME: Verify, Reject (back to edit) or
// Full reject (banned), each with a description; the two rejects ask first.
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Textarea } from '@mantine/core';
import {
  reviewDecisionForm,
  type DecisionAction,
  type ReviewDecisionInput,
  type ReviewDecisionValues,
  type SmeProfile,
} from '@qist/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';
import { useRejectSme } from '../../api/reject-sme';
import { useVerifySme } from '../../api/verify-sme';
import { useConfirm } from '../../hooks/use-confirm';
import { useDecisionDone } from '../../hooks/use-decision-done';
import { smePaths } from '../../roles';
import { DecisionButtons } from './decision-buttons';
import { DecisionCard } from './decision-card';

export function ReviewDecisionForm({ role, sme }: { role: 'admin' | 'bank'; sme: SmeProfile }) {
  const { t } = useTranslation('backoffice');
  const tm = useTranslateMessage();
  const verify = useVerifySme(role);
  const reject = useRejectSme(role);
  const done = useDecisionDone(smePaths(role).list);
  const { ask, dialog } = useConfirm();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<ReviewDecisionInput, unknown, ReviewDecisionValues>({
    resolver: zodResolver(reviewDecisionForm),
    defaultValues: { action: 'verify', desc: '' },
  });

  const pending: DecisionAction | null = verify.isPending
    ? 'verify'
    : reject.isPending
      ? reject.variables?.full
        ? 'fullReject'
        : 'reject'
      : null;

  const decide = ({ action, desc }: ReviewDecisionValues) => {
    if (action === 'verify') {
      done(verify.mutateAsync({ smeId: sme._id, desc }));
      return;
    }
    const full = action === 'fullReject';
    ask(t(full ? 'decision.confirm.fullReject' : 'decision.confirm.reject'), () =>
      done(reject.mutateAsync({ smeId: sme._id, desc, full })),
    );
  };

  const onAction = (action: DecisionAction) => {
    setValue('action', action);
    void handleSubmit(decide)();
  };

  return (
    <DecisionCard title={t('decision.title')} hint={t(`decision.hints.${role}`)}>
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <Stack gap="sm">
          <Textarea
            label={t('decision.description')}
            placeholder={t('decision.descriptionPlaceholder')}
            rows={3}
            resize="vertical"
            withAsterisk
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
