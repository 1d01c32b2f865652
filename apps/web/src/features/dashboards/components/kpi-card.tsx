// A dashboard figure: its label, its value and a line under it; when a filtered list stands behind the
// figure, the whole card is a link to it.
import { Card, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type KpiCardProps = {
  label: string;
  value: string;
  hint?: string;
  /** The list behind the figure (e.g. '/sme/orders?status=1'). */
  href?: string;
  /** Draws the eye (late instalments). */
  alert?: boolean;
};

export function KpiCard({ label, value, hint, href, alert = false }: KpiCardProps) {
  const body = (
    <>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 22, sm: 26 }} fw={700} dir="ltr" c={alert ? 'red.9' : undefined} style={{ alignSelf: 'flex-start', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint && (
        <Text fz="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </>
  );
  const style = { display: 'flex', flexDirection: 'column', gap: 4, height: '100%' } as const;
  return href ? (
    <Card component={Link} to={href} withBorder radius="md" padding="lg" style={style} data-kpi>
      {body}
    </Card>
  ) : (
    <Card withBorder radius="md" padding="lg" style={style} data-kpi>
      {body}
    </Card>
  );
}

/** The figures of a dashboard: one column on a phone, up to four on a wide screen. */
export function KpiGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}
