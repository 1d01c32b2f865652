// The head of an SME or supplier profile (part 2 §2): company title, email, phone, level tag, the
// money figures (requested credit and credit, or the discount percent) and the categories as tags.
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProviderProfile, SmeProfile } from '@qist/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@/components/party/format';
import { LevelBadge } from '@/components/party/level-badge';
import { useCategoryText } from '@/lib/category-text';

export type HeaderFigure = { key: string; label: string; value: ReactNode };

export type PartyHeaderProps = {
  profile: SmeProfile | ProviderProfile;
  role: 'sme' | 'provider';
  figures: HeaderFigure[];
};

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function PartyHeader({ profile, role, figures }: PartyHeaderProps) {
  const { t } = useTranslation('backoffice');
  const categoryText = useCategoryText();
  const phone = formatPhone(profile.info.phone);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="party-header-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1} fz={{ base: 22, sm: 28 }} id="party-header-title" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {profile.desc.title || t('profile.untitled')}
          </Title>
          <LevelBadge level={profile.level} role={role} />
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 2 + figures.length }} spacing="md" m={0}>
          <Figure label={t('profile.email')}>
            <span dir="ltr">{profile.auth_id.email}</span>
          </Figure>
          <Figure label={t('profile.phone')}>{phone ? <span dir="ltr">{phone}</span> : '-'}</Figure>
          {figures.map((figure) => (
            <Figure key={figure.key} label={figure.label}>
              {figure.value}
            </Figure>
          ))}
        </SimpleGrid>
        <Stack gap={6}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600} id="party-header-categories">
            {t('profile.categories')}
          </Text>
          {profile.categories.length === 0 ? (
            <Text c="dimmed" fz="sm">
              {t('profile.noCategories')}
            </Text>
          ) : (
            <Group component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="party-header-categories">
              {profile.categories.map((category) => (
                <Badge component="li" key={category._id} variant="light" color="gray" tt="none" fw={500}>
                  {categoryText.title(category)}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
