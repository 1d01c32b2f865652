// The landing page (/ and /landing): the pitch and both ways to sign up, a headline for SMEs and one
// for suppliers, how it works, the four services, About Us, pre-registration and the contact block.
import { Anchor, Badge, Box, Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingStore,
  IconCertificate,
  IconChartPie,
  IconCheck,
  IconClipboardCheck,
  IconCreditCard,
  IconPercentage,
  IconShoppingCart,
  IconTruckDelivery,
  IconUserCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ContactLinks } from '@/features/marketing/components/contact-links';
import { FactList } from '@/features/marketing/components/fact-list';
import { FeatureCard } from '@/features/marketing/components/feature-card';
import { InstalmentIllustration } from '@/features/marketing/components/illustrations';
import classes from '@/features/marketing/components/marketing.module.css';
import { PageHero } from '@/features/marketing/components/page-hero';
import { SectionHeading } from '@/features/marketing/components/section-heading';
import { formatNumber } from '@/features/marketing/format';
import { currentLanguage } from '@/i18n';

const SERVICES = [
  { key: 'loan', icon: IconPercentage },
  { key: 'onboarding', icon: IconCertificate },
  { key: 'score', icon: IconChartPie },
  { key: 'online', icon: IconShoppingCart },
] as const;

const STEPS = [
  { key: 's1', icon: IconUserCheck },
  { key: 's2', icon: IconClipboardCheck },
  { key: 's3', icon: IconTruckDelivery },
  { key: 's4', icon: IconCreditCard },
] as const;

const HIGHLIGHTS = ['interest', 'term', 'settlement'] as const;
const POINTS = ['p1', 'p2', 'p3'] as const;

function AudienceCard({ audience }: { audience: 'sme' | 'supplier' }) {
  const { t } = useTranslation('public');
  const color = audience === 'sme' ? 'teal' : 'indigo';
  const Icon = audience === 'sme' ? IconShoppingCart : IconBuildingStore;
  const to = paths.auth.register.getHref(audience === 'sme' ? 'sme' : 'provider');
  return (
    <Card withBorder padding="xl" radius="lg" h="100%">
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" color={color} variant="light">
            <Icon size={24} stroke={1.6} />
          </ThemeIcon>
          <Badge color={color} variant="light" size="lg" radius="sm" tt="none">
            {t(`landing.audiences.${audience}.eyebrow`)}
          </Badge>
        </Group>
        <Title order={3} fz={{ base: 20, sm: 24 }} lh={1.3}>
          {t(`landing.audiences.${audience}.title`)}
        </Title>
        <List
          spacing="sm"
          lh={1.5}
          icon={
            <ThemeIcon color={color} size={22} radius="xl">
              <IconCheck size={14} stroke={2.4} />
            </ThemeIcon>
          }
          style={{ flex: 1 }}
        >
          {POINTS.map((point) => (
            <List.Item key={point}>{t(`landing.audiences.${audience}.points.${point}`)}</List.Item>
          ))}
        </List>
        <Button
          component={Link}
          to={to}
          color={color}
          variant="light"
          w={{ base: '100%', xs: 'fit-content' }}
          rightSection={<IconArrowRight size={18} className={classes.flipInRtl} aria-hidden />}
        >
          {t(`landing.audiences.${audience}.action`)}
        </Button>
      </Stack>
    </Card>
  );
}

export function HomePage() {
  const { t } = useTranslation('public');
  const language = currentLanguage();
  const name = t('brand');

  return (
    <Stack gap={64}>
      <PageHero
        eyebrow={t('landing.eyebrow')}
        title={name}
        text={t('landing.lead')}
        aside={<InstalmentIllustration label={t('landing.illustration')} />}
      >
        <Group gap="sm" mt={4} w="100%">
          <Button component={Link} to={paths.auth.register.getHref('sme')} size="md" w={{ base: '100%', xs: 'auto' }}>
            {t('landing.registerSme')}
          </Button>
          <Button
            component={Link}
            to={paths.auth.register.getHref('provider')}
            size="md"
            variant="outline"
            w={{ base: '100%', xs: 'auto' }}
          >
            {t('landing.registerProvider')}
          </Button>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('landing.preRegisterPrompt')}{' '}
          <Anchor component={Link} to={paths.public.preRegister.getHref()} fz="sm" fw={600}>
            {t('landing.preRegisterLink')}
          </Anchor>
        </Text>
      </PageHero>

      <FactList
        baseColumns={3}
        facts={HIGHLIGHTS.map((key) => ({
          key,
          value: t(`landing.highlights.${key}.value`),
          label: t(`landing.highlights.${key}.label`),
        }))}
      />

      <Stack component="section" gap="lg" aria-labelledby="landing-audiences">
        <SectionHeading id="landing-audiences" title={t('landing.audiences.title')} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <AudienceCard audience="sme" />
          <AudienceCard audience="supplier" />
        </SimpleGrid>
      </Stack>

      <Stack component="section" gap="lg" aria-labelledby="landing-steps">
        <SectionHeading id="landing-steps" title={t('landing.steps.title')} />
        <SimpleGrid component="ol" cols={{ base: 1, xs: 2, md: 4 }} spacing="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {STEPS.map(({ key, icon }, index) => (
            <Box component="li" key={key}>
              <FeatureCard
                icon={icon}
                title={t(`landing.steps.${key}.title`)}
                text={t(`landing.steps.${key}.text`)}
                badge={
                  <Text fz="xs" fw={700} c="teal.7" tt="uppercase" mb={4}>
                    {formatNumber(index + 1, language)}
                  </Text>
                }
              />
            </Box>
          ))}
        </SimpleGrid>
      </Stack>

      <Stack component="section" gap="lg" aria-labelledby="landing-services">
        <SectionHeading id="landing-services" title={t('landing.services.title')} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {SERVICES.map(({ key, icon }) => (
            <FeatureCard
              key={key}
              icon={icon}
              title={t(`landing.services.${key}.title`)}
              text={t(`landing.services.${key}.text`)}
            />
          ))}
        </SimpleGrid>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card component="section" withBorder padding="xl" radius="lg" aria-labelledby="landing-about">
          <Stack gap="md" h="100%" align="flex-start">
            <Title order={2} id="landing-about" fz={{ base: 24, sm: 28 }}>
              {t('landing.about.title')}
            </Title>
            <Text>{t('landing.about.text', { name })}</Text>
            <Text c="dimmed">{t('landing.about.refusal')}</Text>
            <Anchor component={Link} to={paths.public.aboutUs.getHref()} fw={600} mt="auto">
              {t('landing.about.more')}
            </Anchor>
          </Stack>
        </Card>
        <Card component="section" withBorder padding="xl" radius="lg" aria-labelledby="landing-contact">
          <Stack gap="md" h="100%" align="flex-start">
            <Title order={2} id="landing-contact" fz={{ base: 24, sm: 28 }}>
              {t('landing.contact.title')}
            </Title>
            <Text c="dimmed">{t('landing.contact.text', { name })}</Text>
            <ContactLinks />
            <Text fz="sm" c="dimmed">
              {t('contactLinks.hours')}
            </Text>
            <Anchor component={Link} to={paths.public.contactUs.getHref()} fw={600} mt="auto">
              {t('landing.contact.more')}
            </Anchor>
          </Stack>
        </Card>
      </SimpleGrid>

      <Paper component="section" radius="lg" p={{ base: 'lg', sm: 48 }} bg="teal.8" c="white" aria-labelledby="landing-pre-register">
        <Group justify="space-between" gap="lg" align="center">
          <Stack gap="xs" maw={620}>
            <Title order={2} id="landing-pre-register" fz={{ base: 24, sm: 30 }} c="white">
              {t('landing.preRegister.title')}
            </Title>
            <Text c="teal.0">{t('landing.preRegister.text')}</Text>
          </Stack>
          <Button
            component={Link}
            to={paths.public.preRegister.getHref()}
            size="md"
            color="white"
            c="teal.9"
            w={{ base: '100%', sm: 'auto' }}
            rightSection={<IconArrowRight size={18} className={classes.flipInRtl} aria-hidden />}
          >
            {t('landing.preRegister.action')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
