// Help & FAQ (/faq): a hero with 'Get started' (to sign-in), the services we provide, and seven distinct
// questions in an accordion where only one answer is open at a time.
import { Accordion, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PageHero } from '@/features/marketing/components/page-hero';
import { SectionHeading } from '@/features/marketing/components/section-heading';
import { addNamespaceResources } from '@/i18n';
import { publicPagesEn } from '@/i18n/locales/public-pages-en';

// The strings of this page and the other public pages (the landing page's come with the public area).
addNamespaceResources('public', publicPagesEn);

/** The seven questions, each once (the original listed one of them twice). */
export const FAQ_KEYS = ['what', 'who', 'interest', 'instalments', 'settlement', 'documents', 'refused'] as const;

export function FaqPage() {
  const { t } = useTranslation('public');
  const name = t('brand');

  return (
    <Stack gap={56}>
      <PageHero
        title={t('faq.title')}
        text={t('faq.text', { name })}
        action={{ label: t('getStart'), to: paths.auth.login.getHref() }}
      />

      <Stack component="section" gap="md" aria-labelledby="faq-services">
        <SectionHeading id="faq-services" title={t('faq.services.title')} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Text>{t('faq.services.p1', { name })}</Text>
          <Text>{t('faq.services.p2', { name })}</Text>
        </SimpleGrid>
      </Stack>

      <Stack component="section" gap="md" aria-labelledby="faq-questions">
        <SectionHeading id="faq-questions" title={t('faq.questionsTitle')} />
        <Accordion variant="separated" radius="md" order={3} chevronPosition="right">
          {FAQ_KEYS.map((key) => (
            <Accordion.Item key={key} value={key}>
              <Accordion.Control fw={600}>{t(`faq.items.${key}.question`, { name })}</Accordion.Control>
              <Accordion.Panel>
                <Text c="dimmed">{t(`faq.items.${key}.answer`, { name })}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>

      <Card component="section" withBorder radius="lg" padding="xl" bg="gray.0" aria-labelledby="faq-more">
        <Group justify="space-between" gap="md">
          <Stack gap={4}>
            <Title order={2} id="faq-more" fz={{ base: 22, sm: 26 }}>
              {t('faq.more.title')}
            </Title>
            <Text c="dimmed">{t('faq.more.text')}</Text>
          </Stack>
          <Group gap="md">
            <Button component={Link} to={paths.public.contactUs.getHref()}>
              {t('faq.more.action')}
            </Button>
            <Anchor component={Link} to={paths.home.getHref()} fw={600}>
              {t('backHome')}
            </Anchor>
          </Group>
        </Group>
      </Card>
    </Stack>
  );
}
