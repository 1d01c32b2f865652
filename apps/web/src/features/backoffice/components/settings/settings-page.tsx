// The admin's settings (part 2 §2): insurance priority, bank share rate, payout approval threshold
// (DESIGN.md §8), industries and sign-up codes.
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Industries } from './industries';
import { InsurancePriority } from './insurance-priority';
import { PayoutThresholdForm } from './payout-threshold-form';
import { ShareRateForm } from './share-rate-form';
import { SignupCodes } from './signup-codes';

export function SettingsPage() {
  const { t } = useTranslation('backoffice');
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('settings.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <InsurancePriority />
        <Stack gap="lg">
          <ShareRateForm />
          <PayoutThresholdForm />
          <SignupCodes />
        </Stack>
      </SimpleGrid>
      <Industries />
    </Stack>
  );
}
