// /pre-register: 'Grow Your SME Business', four benefits, the pre-registration form and a link to
// the landing page. An expression of interest, not a loan application.
import { Anchor, Badge, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellRinging, IconCompass, IconRocket, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PreRegisterForm } from '@/features/preregistration/components/pre-register-form';
import { addNamespaceResources } from '@/i18n';
import { publicPagesEn } from '@/i18n/locales/public-pages-en';

// The strings of this page and the other public pages (the landing page's come with the public area).
addNamespaceResources('public', publicPagesEn);

const BENEFITS = [
  { key: 'priority', icon: IconBellRinging },
  { key: 'early', icon: IconRocket },
  { key: 'guidance', icon: IconCompass },
  { key: 'streamlined', icon: IconRoute },
] as const;

export function PreRegisterPage() {
  const { t } = useTranslation('public');
  const name = t('brand');

  return (
    <Grid gap={{ base: 'xl', md: 48 }} align="flex-start">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="lg">
          <Badge variant="light" size="lg" radius="sm" tt="none">
            {t('preRegister.eyebrow')}
          </Badge>
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
            {t('preRegister.title')}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed">
            {t('preRegister.text', { name })}
          </Text>
          <Stack component="ul" gap="md" m={0} p={0} role="list" style={{ listStyle: 'none' }}>
            {BENEFITS.map(({ key, icon: Icon }) => (
              <Paper component="li" key={key} withBorder radius="md" p="md">
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon variant="light" size={40} radius="md" style={{ flexShrink: 0 }}>
                    <Icon size={22} stroke={1.6} />
                  </ThemeIcon>
                  <Stack gap={2}>
                    <Title order={2} fz="md">
                      {t(`preRegister.benefits.${key}.title`)}
                    </Title>
                    <Text fz="sm" c="dimmed">
                      {t(`preRegister.benefits.${key}.text`)}
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Title order={2} fz={{ base: 22, sm: 26 }} mb="lg">
              {t('preRegister.form.title')}
            </Title>
            <PreRegisterForm />
          </Paper>
          <Anchor component={Link} to={paths.public.landing.getHref()} fw={600} ta="center">
            {t('preRegister.landingLink')}
          </Anchor>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
