// The frame of every list page: the title, then the list's filter and its CSV export on the reading
// side (they wrap under the title on a phone), then the table.
import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type ListPageProps = {
  title: string;
  /** The status or level filter. */
  filter?: ReactNode;
  /** The list's actions (the CSV export of the back office). */
  actions?: ReactNode;
  children: ReactNode;
};

export function ListPage({ title, filter, actions, children }: ListPageProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        {(filter || actions) && (
          <Group align="flex-end" gap="sm">
            {filter}
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Stack>
  );
}
