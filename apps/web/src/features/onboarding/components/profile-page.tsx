// /sme/profile and /provider/profile (part 1 §2): the level, the shared details, the SME's requested and
// available credit or the supplier's discount percent, the documents gallery, and from Insurance
// Verified on (SME) the credit and instalments panel, and the language of the emails and SMS sent to
// the account. 'loading' while the profile loads.
import { Alert, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SME_LEVEL } from '@qist/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CreditPanel } from '@/components/party/credit-panel';
import { DocumentGallery } from '@/components/party/document-gallery';
import { formatPercent } from '@/components/party/format';
import { LevelBadge } from '@/components/party/level-badge';
import { DetailItem, PartyDetails } from '@/components/party/party-details';
import { isSmeProfile, useProfile } from '@/lib/party-profile';
import type { PartyRole } from '../api/keys';
import { MessagesLanguageSelect } from './messages-language-select';
import { Amount } from '@/lib/amounts';

/** The credit panel shows from Insurance Verified (7) on: 7 and 8. */
function showsCreditPanel(level: number): boolean {
  return level >= SME_LEVEL.insuranceVerified;
}

export function ProfilePage({ role }: { role: PartyRole }) {
  const { t } = useTranslation('onboarding');
  const profile = useProfile(role);

  let body;
  if (profile.isPending) {
    body = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('profile.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (profile.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('profile.failed')}>
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void profile.refetch()} loading={profile.isFetching}>
          {t('profile.retry')}
        </Button>
      </Alert>
    );
  } else {
    const data = profile.data;
    const sme = isSmeProfile(data) ? data : null;
    const taxRate = !sme && 'tax_rate' in data ? data.tax_rate : null;
    body = (
      <Stack gap="lg">
        <Group gap="xs">
          <Text c="dimmed" fz="sm">
            {t('profile.level')}:
          </Text>
          <LevelBadge level={data.level} role={role} />
        </Group>
        <MessagesLanguageSelect />
        {sme && (
          <Card withBorder radius="md" padding="lg">
            <SimpleGrid component="dl" cols={2} spacing="md" m={0}>
              <DetailItem label={t('profile.requestCredit')}>
                <Amount value={sme.credit.request} />
              </DetailItem>
              <DetailItem label={t('profile.credit')}>
                <Amount value={sme.credit.amount} />
              </DetailItem>
            </SimpleGrid>
          </Card>
        )}
        {taxRate !== null && (
          <Card withBorder radius="md" padding="lg">
            <Text fw={700} fz="lg">
              {t('profile.discountPercent', { percent: formatPercent(taxRate) })}
            </Text>
          </Card>
        )}
        {sme && showsCreditPanel(sme.level) && <CreditPanel sme={sme} />}
        <PartyDetails profile={data} role={role} />
        <Stack gap="xs" component="section" aria-label={t('profile.documents')}>
          <Title order={2} fz="lg">
            {t('profile.documents')}
          </Title>
          <DocumentGallery docs={data.docs} />
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('profile.title')}
      </Title>
      {body}
    </Stack>
  );
}
