// The home page (/ and /landing): product name, a two-line pitch and the two ways to sign up.
import { Badge, Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@qist/domain';
import { IconCertificate, IconChartPie, IconPercentage, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const SERVICES = [
  { key: 'loan', icon: IconPercentage },
  { key: 'onboarding', icon: IconCertificate },
  { key: 'score', icon: IconChartPie },
  { key: 'online', icon: IconShoppingCart },
] as const;

export function HomePage() {
  const { t } = useTranslation();
  return (
    <Stack gap={48}>
      <Stack gap="md" align="flex-start" py={{ base: 'md', sm: 48 }} maw={720}>
        <Badge variant="light" size="lg" radius="sm">
          {t('home.eyebrow')}
        </Badge>
        <Title order={1} fz={{ base: 40, sm: 56 }} lh={1.1}>
          {PRODUCT_NAME}
        </Title>
        <Stack gap={4}>
          <Text fz={{ base: 'lg', sm: 'xl' }}>{t('home.pitchLine1')}</Text>
          <Text fz={{ base: 'lg', sm: 'xl' }} c="dimmed">
            {t('home.pitchLine2')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm" w={{ base: '100%', xs: 'auto' }}>
          <Button component={Link} to={paths.auth.register.getHref('sme')} size="md">
            {t('home.registerSme')}
          </Button>
          <Button component={Link} to={paths.auth.register.getHref('provider')} size="md" variant="outline">
            {t('home.registerProvider')}
          </Button>
        </SimpleGrid>
      </Stack>

      <Stack gap="md">
        <Title order={2} fz="h3">
          {t('home.servicesTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {SERVICES.map(({ key, icon: Icon }) => (
            <Card key={key} withBorder padding="lg">
              <ThemeIcon variant="light" size={40} radius="md" mb="sm">
                <Icon size={22} stroke={1.6} />
              </ThemeIcon>
              <Text fw={700} mb={4}>
                {t(`home.services.${key}.title`)}
              </Text>
              <Text fz="sm" c="dimmed">
                {t(`home.services.${key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
