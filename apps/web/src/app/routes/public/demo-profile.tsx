// /profile: a sample team member profile from the original template (name, location, counts and a
// Connect button). It is a demonstration page, not product function: Connect only changes its label.
import { Alert, Avatar, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconMapPin, IconUserPlus, IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '@/features/marketing/initials';
import { formatNumber } from '@/features/marketing/format';
import { addNamespaceResources, currentLanguage } from '@/i18n';
import { publicPagesEn } from '@/i18n/locales/public-pages-en';

// The strings of this page and the other public pages (the landing page's come with the public area).
addNamespaceResources('public', publicPagesEn);

const STATS = [
  { key: 'connections', value: 128 },
  { key: 'suppliers', value: 42 },
  { key: 'workshops', value: 16 },
] as const;

export function DemoProfilePage() {
  const { t } = useTranslation('public');
  const language = currentLanguage();
  const [requested, setRequested] = useState(false);
  const personName = t('people.hessa');

  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Alert variant="light" color="gray" icon={<IconInfoCircle />} radius="md">
        {t('profile.note')}
      </Alert>
      <Card withBorder radius="lg" padding={0}>
        <Box
          h={{ base: 110, sm: 160 }}
          style={{
            background:
              'linear-gradient(120deg, var(--mantine-color-teal-7), var(--mantine-color-cyan-5) 60%, var(--mantine-color-yellow-3))',
          }}
          aria-hidden
        />
        <Stack align="center" gap="sm" px={{ base: 'md', sm: 'xl' }} pb="xl" mt={-56} ta="center">
          <Avatar
            size={112}
            radius={999}
            color="teal"
            variant="filled"
            style={{ border: '4px solid var(--mantine-color-body)' }}
            aria-hidden
          >
            {initialsOf(personName, language)}
          </Avatar>
          <Badge variant="light" color="gray" tt="none">
            {t('profile.sample')}
          </Badge>
          <Stack gap={2}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {personName}
            </Title>
            <Text c="dimmed">{t('profile.role')}</Text>
          </Stack>
          <Group gap={4} c="dimmed" justify="center">
            <IconMapPin size={16} aria-hidden />
            <Text fz="sm">{t('profile.location')}</Text>
          </Group>
          <SimpleGrid component="dl" cols={3} spacing="xs" w="100%" maw={460} my="sm">
            {STATS.map(({ key, value }) => (
              <Stack key={key} gap={0} justify="flex-end" style={{ flexDirection: 'column-reverse' }}>
                <Text component="dt" fz="xs" c="dimmed">
                  {t(`profile.stats.${key}`)}
                </Text>
                <Text component="dd" m={0} fz={24} fw={800}>
                  {formatNumber(value, language)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Button
            variant={requested ? 'light' : 'filled'}
            leftSection={requested ? <IconUserCheck size={18} /> : <IconUserPlus size={18} />}
            aria-pressed={requested}
            onClick={() => setRequested((value) => !value)}
          >
            {requested ? t('profile.requested') : t('profile.connect')}
          </Button>
          <Text maw={560} mt="sm">
            {t('profile.bio')}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
