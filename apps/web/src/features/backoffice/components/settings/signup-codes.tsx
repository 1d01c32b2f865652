// Settings (4): the sign-up codes SMEs and suppliers need to create an account, each editable.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { MESSAGES, signupCodeUpdateRequest, type SelfRegisterRole } from '@qist/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useSignupCodes } from '../../api/get-signup-codes';
import { useUpdateSignupCode } from '../../api/update-signup-code';
import { FIELD_LABEL_HEIGHT, SettingsSection } from './settings-section';

const codeForm = signupCodeUpdateRequest.pick({ code: true });
type CodeValues = { code: string };

function SignupCodeForm({ role, code }: { role: SelfRegisterRole; code: string }) {
  const { t } = useTranslation('backoffice');
  const tm = useTranslateMessage();
  const update = useUpdateSignupCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodeValues>({ mode: 'onTouched', resolver: zodResolver(codeForm), defaultValues: { code } });
  const label = t(`settings.signupCodes.${role}`);

  const onSubmit = handleSubmit(({ code: next }) =>
    update.mutate({ role, code: next }, { onSuccess: () => notify.success(MESSAGES.settingsDone) }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={label}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          {...register('code')}
          error={tm(errors.code?.message)}
          w={{ base: '100%', xs: 320 }}
        />
        <Button type="submit" loading={update.isPending} mt={{ base: 0, xs: FIELD_LABEL_HEIGHT }}>
          {t('settings.save')}
        </Button>
      </Group>
    </form>
  );
}

export function SignupCodes() {
  const { t } = useTranslation('backoffice');
  const query = useSignupCodes();
  const codeOf = (role: SelfRegisterRole) => query.data?.find((c) => c.role === role)?.code ?? '';
  return (
    <SettingsSection title={t('settings.signupCodes.title')} hint={t('settings.signupCodes.hint')}>
      {query.data && (
        <Stack gap="md">
          {(['sme', 'provider'] as const).map((role) => (
            <SignupCodeForm key={`${role}:${codeOf(role)}`} role={role} code={codeOf(role)} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}
