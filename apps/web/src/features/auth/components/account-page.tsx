// /{role}/account: the signed-in user's own settings (password, two-step sign-in), reached from every
// panel's menu.
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';
import { useSession } from '@/lib/session';
import { ChangePasswordForm } from './change-password-form';
import { MfaSettingsCard } from './mfa-settings-card';

export function AccountPage() {
  const { t } = useTranslation();
  const { email } = useSession();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('account.title')}
        </Title>
        {email && (
          <Text c="dimmed" fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('account.signedInAs', { email })}
          </Text>
        )}
      </Stack>
      <ChangePasswordForm />
      <MfaSettingsCard />
    </Stack>
  );
}
