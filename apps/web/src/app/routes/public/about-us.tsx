// About Us (/about-us): the company in a paragraph with a 'Get started' button, its story, the four
// founders as cards and a numbered list of names and roles.
import { Avatar, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { FactList } from '@/features/marketing/components/fact-list';
import { PageHero } from '@/features/marketing/components/page-hero';
import { SectionHeading } from '@/features/marketing/components/section-heading';
import { initialsOf } from '@/features/marketing/initials';
import { addNamespaceResources, currentLanguage } from '@/i18n';
import { publicPagesEn } from '@/i18n/locales/public-pages-en';

// The strings of this page and the other public pages (the landing page's come with the public area).
addNamespaceResources('public', publicPagesEn);

/** The founders, in the order the spec lists their roles. */
export const FOUNDERS = [
  { role: 'bd', person: 'mariam', color: 'teal' },
  { role: 'cfo', person: 'faisal', color: 'indigo' },
  { role: 'coo', person: 'dana', color: 'grape' },
  { role: 'ceo', person: 'yousef', color: 'orange' },
] as const;

const FACTS = ['founded', 'base', 'interest', 'settlement'] as const;

export function AboutUsPage() {
  const { t } = useTranslation('public');
  const language = currentLanguage();
  const name = t('brand');

  return (
    <Stack gap={64}>
      <PageHero
        eyebrow={t('about.eyebrow')}
        title={t('about.title')}
        text={t('about.text', { name })}
        action={{ label: t('getStart'), to: paths.auth.register.getHref('sme') }}
        aside={
          <FactList
            maxColumns={2}
            facts={FACTS.map((key) => ({
              key,
              value: t(`about.facts.${key}.value`),
              label: t(`about.facts.${key}.label`),
            }))}
          />
        }
      />

      <Stack component="section" gap="md" aria-labelledby="about-story">
        <SectionHeading id="about-story" title={t('about.story.title')} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Text>{t('about.story.p1', { name })}</Text>
          <Text>{t('about.story.p2')}</Text>
        </SimpleGrid>
      </Stack>

      <Stack component="section" gap="lg" aria-labelledby="about-founders">
        <SectionHeading id="about-founders" title={t('about.founders.title')} subtitle={t('about.founders.subtitle')} />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {FOUNDERS.map(({ role, person, color }) => {
            const personName = t(`people.${person}`);
            return (
              <Card key={role} withBorder padding="lg" radius="lg" component="article" aria-label={personName}>
                <Stack gap="sm" align="center" ta="center">
                  <Avatar size={84} radius={999} color={color} variant="light" aria-hidden>
                    {initialsOf(personName, language)}
                  </Avatar>
                  <Stack gap={2}>
                    <Title order={3} fz="lg">
                      {personName}
                    </Title>
                    <Text fz="sm" fw={600} c={`${color}.7`}>
                      {t(`about.founders.${role}.role`)}
                    </Text>
                  </Stack>
                  <Text fz="sm" c="dimmed">
                    {t(`about.founders.${role}.description`, { name })}
                  </Text>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>

      <Stack component="section" gap="md" aria-labelledby="about-team">
        <SectionHeading id="about-team" title={t('about.team.title')} />
        <List type="ordered" spacing="xs" listStyleType={language === 'ar' ? 'arabic-indic' : 'decimal'} withPadding>
          {FOUNDERS.map(({ role, person }) => (
            <List.Item key={role}>
              {t('about.team.item', { name: t(`people.${person}`), role: t(`about.founders.${role}.role`) })}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}
