// The top of a public page: an optional badge, the page's h1, a lead paragraph, an optional
// 'Get started'-style button and, beside them from tablets up, an aside (illustration or facts).
import { Badge, Box, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './marketing.module.css';

export type PageHeroProps = {
  eyebrow?: string;
  title: string;
  text: ReactNode;
  /** A button linking inside the app. */
  action?: { label: string; to: string };
  /** Anything else under the lead paragraph (extra buttons, links). */
  children?: ReactNode;
  aside?: ReactNode;
};

export function PageHero({ eyebrow, title, text, action, children, aside }: PageHeroProps) {
  return (
    <Box component="section" className={classes.hero}>
      <SimpleGrid cols={{ base: 1, md: aside ? 2 : 1 }} spacing={48} verticalSpacing="xl">
        <Stack gap="md" justify="center" align="flex-start">
          {eyebrow && (
            <Badge variant="light" size="lg" radius="sm" tt="none" maw="100%">
              {eyebrow}
            </Badge>
          )}
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
            {title}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={640}>
            {text}
          </Text>
          {action && (
            <Button
              component={Link}
              to={action.to}
              size="md"
              mt={4}
              rightSection={<IconArrowRight size={18} className={classes.flipInRtl} aria-hidden />}
            >
              {action.label}
            </Button>
          )}
          {children}
        </Stack>
        {aside && <Box style={{ alignSelf: 'center' }}>{aside}</Box>}
      </SimpleGrid>
    </Box>
  );
}
