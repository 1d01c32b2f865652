// One block of the settings page: a titled section with a line of help and an optional action.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** The height of a small input's label: a Save button beside an input moves down by it to line up. */
export const FIELD_LABEL_HEIGHT = 25;

export type SettingsSectionProps = { title: string; hint?: string; action?: ReactNode; children: ReactNode };

export function SettingsSection({ title, hint, action, children }: SettingsSectionProps) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 240px' }}>
            <Title order={2} fz="lg" id={id}>
              {title}
            </Title>
            {hint && (
              <Text fz="sm" c="dimmed">
                {hint}
              </Text>
            )}
          </Stack>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
