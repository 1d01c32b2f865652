// A section's h2 with an optional line under it.
import { Stack, Text, Title } from '@mantine/core';

export function SectionHeading({ title, subtitle, id }: { title: string; subtitle?: string; id?: string }) {
  return (
    <Stack gap={6}>
      <Title order={2} id={id} fz={{ base: 24, sm: 30 }} lh={1.25}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" maw={680}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}
