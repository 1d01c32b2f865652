// The frame of every decision form: a titled section with a line on what each button does.
import { Card, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export function DecisionCard({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {hint && (
          <Text fz="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
