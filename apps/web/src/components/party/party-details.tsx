// PartyDetails: an SME's or supplier's information — description, names, contacts, website (suppliers),
// dates in en-GB full style, verified-by-admin/bank flags and categories as tags.
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProviderProfile, SmeProfile } from '@qist/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';
import { useCategoryText } from '@/lib/category-text';
import { formatFullDate, formatPhone } from './format';

export type PartyDetailsProps = { profile: SmeProfile | ProviderProfile; role: 'sme' | 'provider' };

function isProvider(profile: SmeProfile | ProviderProfile, role: 'sme' | 'provider'): profile is ProviderProfile {
  return role === 'provider' && 'website' in profile.info;
}

/** A website as a link, https assumed when the address has no scheme. */
function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** One label / value pair of a description list (the value '-' when empty). */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const empty = children === null || children === undefined || children === '';
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {/* the value follows the page's direction, so it sits under its label on the reading side;
          text a user typed is isolated in its own direction (a Latin name on an Arabic page) */}
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {empty ? t('party.notSet') : typeof children === 'string' ? <bdi>{children}</bdi> : children}
      </Text>
    </Stack>
  );
}

function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge color={value ? 'green' : 'gray'} variant="light">
      {value ? t('party.yes') : t('party.no')}
    </Badge>
  );
}

export function PartyDetails({ profile, role }: PartyDetailsProps) {
  const { t } = useTranslation();
  const categoryText = useCategoryText();
  const { info, desc } = profile;
  const provider = isProvider(profile, role) ? profile : null;
  const website = provider?.info.website;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap={6}>
          <Title order={2} fz={{ base: 'xl', sm: 24 }} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {desc.title || t('party.notSet')}
          </Title>
          <Text c={desc.text ? undefined : 'dimmed'} dir="auto" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {desc.text || t('party.details.noDescription')}
          </Text>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md" m={0} aria-label={t('party.details.label')}>
          <DetailItem label={t('party.details.firstName')}>{info.firstname}</DetailItem>
          <DetailItem label={t('party.details.lastName')}>{info.lastname}</DetailItem>
          <DetailItem label={t('party.details.email')}>
            <span dir="ltr">{profile.auth_id.email}</span>
          </DetailItem>
          <DetailItem label={t('party.details.phone')}>
            {formatPhone(info.phone) && <span dir="ltr">{formatPhone(info.phone)}</span>}
          </DetailItem>
          <DetailItem label={t('party.details.email2')}>{info.email2 && <span dir="ltr">{info.email2}</span>}</DetailItem>
          <DetailItem label={t('party.details.phone2')}>
            {formatPhone(info.phone2) && <span dir="ltr">{formatPhone(info.phone2)}</span>}
          </DetailItem>
          <DetailItem label={t('party.details.address')}>{info.address}</DetailItem>
          <DetailItem label={t('party.details.address2')}>{info.address2}</DetailItem>
          <DetailItem label={t('party.details.instagram')}>{info.instagram && <span dir="ltr">{info.instagram}</span>}</DetailItem>
          {provider && (
            <>
              <DetailItem label={t('party.details.website')}>
                {website && (
                  <Anchor href={websiteHref(website)} target="_blank" rel="noopener noreferrer" dir="ltr">
                    {website}
                  </Anchor>
                )}
              </DetailItem>
              <DetailItem label={t('party.details.companyVat')}>{provider.info.companyVAT}</DetailItem>
            </>
          )}
          <DetailItem label={t('party.details.createdAt')}>{formatFullDate(profile.createdAt)}</DetailItem>
          <DetailItem label={t('party.details.updatedAt')}>{formatFullDate(profile.updatedAt)}</DetailItem>
          <DetailItem label={t('party.details.adminVerified')}>
            <YesNo value={profile.adminVerified} />
          </DetailItem>
          <DetailItem label={t('party.details.bankVerified')}>
            <YesNo value={profile.bankVerified} />
          </DetailItem>
        </SimpleGrid>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('party.details.categories')}
          </Text>
          {profile.categories.length === 0 ? (
            <Text c="dimmed">{t('party.details.noCategories')}</Text>
          ) : (
            <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('party.details.categories')}>
              {profile.categories.map((category) => (
                <Badge component="li" key={category._id} variant="outline" tt="none" size="lg" fw={500}>
                  {categoryText.title(category)}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
