// A card with an icon, a short title (h3) and a line of text: services, benefits, steps.
import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

export type FeatureCardProps = {
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  title: string;
  text: string;
  /** Shown above the title, e.g. a step number. */
  badge?: ReactNode;
};

export function FeatureCard({ icon: Icon, title, text, badge }: FeatureCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" h="100%">
      <ThemeIcon variant="light" size={44} radius="md" mb="md">
        <Icon size={24} stroke={1.6} />
      </ThemeIcon>
      {badge}
      <Title order={3} fz="md" mb={6}>
        {title}
      </Title>
      <Text fz="sm" c="dimmed">
        {text}
      </Text>
    </Card>
  );
}
