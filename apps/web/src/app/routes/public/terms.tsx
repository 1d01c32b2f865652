// Terms & Conditions (/terms): a hero with 'Get started' and the plain terms of the interest-free
// instalment service, as a numbered list.
import { Box, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageHero } from '@/features/marketing/components/page-hero';
import { formatNumber } from '@/features/marketing/format';
import { addNamespaceResources, currentLanguage } from '@/i18n';
import { publicPagesEn } from '@/i18n/locales/public-pages-en';

// The strings of this page and the other public pages (the landing page's come with the public area).
addNamespaceResources('public', publicPagesEn);

export const TERM_KEYS = [
  'eligibility',
  'credit',
  'instalments',
  'late',
  'settlement',
  'data',
  'termination',
  'law',
] as const;

export function TermsPage() {
  const { t } = useTranslation('public');
  const language = currentLanguage();
  const name = t('brand');

  return (
    <Stack gap={48}>
      <PageHero
        title={t('terms.title')}
        text={t('terms.text', { name })}
        action={{ label: t('getStart'), to: paths.auth.register.getHref('sme') }}
      />
      <Stack gap="lg">
        <Text c="dimmed" maw={760}>
          {t('terms.intro', { name })}
        </Text>
        <Stack component="ol" role="list" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {TERM_KEYS.map((key, index) => (
            <Box component="li" key={key}>
              <Card withBorder radius="md" padding="lg">
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <ThemeIcon variant="light" size={36} radius="xl" aria-hidden style={{ flexShrink: 0 }}>
                    <Text fw={700} fz="sm">
                      {formatNumber(index + 1, language)}
                    </Text>
                  </ThemeIcon>
                  <Stack gap={6}>
                    <Title order={2} fz={{ base: 'md', sm: 'lg' }}>
                      {t(`terms.items.${key}.title`)}
                    </Title>
                    <Text c="dimmed">{t(`terms.items.${key}.text`, { name })}</Text>
                  </Stack>
                </Group>
              </Card>
            </Box>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}
