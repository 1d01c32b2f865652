// The sign-in and sign-up frame: logo and language switch above a centred card.
import { Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Logo } from '@/components/ui/logo';

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Container size={460} px="md" py={{ base: 'md', sm: 'xl' }}>
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <Logo />
          <LanguageSwitch />
        </Group>
        <Paper component="main" withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" fz="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
