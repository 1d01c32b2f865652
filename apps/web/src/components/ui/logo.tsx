// The product mark; always a link home.
import { Group, Text, UnstyledButton } from '@mantine/core';
import { PRODUCT_NAME } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

function Mark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path
        d="M9 16a7 7 0 1 1 12.1 4.8l2.9 2.9-1.8 1.8-3-3A7 7 0 0 1 9 16zm3 0a4 4 0 1 0 8 0 4 4 0 0 0-8 0z"
        fill="#fff"
      />
    </svg>
  );
}

export function Logo({ size = 30, onClick }: { size?: number; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      component={Link}
      to={paths.home.getHref()}
      aria-label={t('app.home', { name: PRODUCT_NAME })}
      onClick={onClick}
    >
      <Group gap={8} wrap="nowrap">
        <Mark size={size} />
        <Text fw={800} fz="xl" c="var(--mantine-color-text)" lh={1}>
          {PRODUCT_NAME}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
