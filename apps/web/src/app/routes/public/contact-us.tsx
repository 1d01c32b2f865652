// Contact Us (/contact-us): who to contact (Role, Name, Email, Phone), where we are on a map drawn in
// the app, and the social links.
import { Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContactLinks } from '@/features/marketing/components/contact-links';
import { ContactTable } from '@/features/marketing/components/contact-table';
import { MapIllustration } from '@/features/marketing/components/illustrations';
import { PageHero } from '@/features/marketing/components/page-hero';
import { SectionHeading } from '@/features/marketing/components/section-heading';
import { addNamespaceResources } from '@/i18n';
import { publicPagesEn } from '@/i18n/locales/public-pages-en';

// The strings of this page and the other public pages (the landing page's come with the public area).
addNamespaceResources('public', publicPagesEn);

export function ContactUsPage() {
  const { t } = useTranslation('public');
  const name = t('brand');

  return (
    <Stack gap={56}>
      <PageHero title={t('contact.title')} text={t('contact.text')} />

      <Stack component="section" gap="md" aria-labelledby="contact-people">
        <SectionHeading id="contact-people" title={t('contact.table.caption')} />
        <ContactTable labelledBy="contact-people" />
      </Stack>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
        <Card component="section" withBorder radius="lg" padding="lg" h="100%" aria-labelledby="contact-visit">
          <Stack gap="sm">
            <Title order={2} id="contact-visit" fz={{ base: 22, sm: 26 }}>
              {t('contact.visit.title')}
            </Title>
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={18} aria-hidden />
              <Text>{t('contact.visit.address')}</Text>
            </Group>
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconClock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              <Text c="dimmed">{t('contactLinks.hours')}</Text>
            </Group>
            <MapIllustration
              label={t('contact.visit.map', { name })}
              pin={t('contact.visit.pin', { name })}
              sea={t('contact.visit.sea')}
            />
          </Stack>
        </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
        <Card component="section" withBorder radius="lg" padding="lg" h="100%" aria-labelledby="contact-social">
          <Stack gap="sm">
            <Title order={2} id="contact-social" fz={{ base: 22, sm: 26 }}>
              {t('contact.social.title')}
            </Title>
            <Text c="dimmed">{t('contact.social.text')}</Text>
            <ContactLinks links={['call', 'email', 'whatsapp', 'linkedin', 'instagram']} />
          </Stack>
        </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
