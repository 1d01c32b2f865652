// The frame of the SME and supplier lists: the title, the level filter, then the shared paged table.
import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function ListPage({ title, filter, children }: { title: string; filter?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        {filter}
      </Group>
      {children}
    </Stack>
  );
}
