// The columns the SME and supplier lists share: Email, Phone / Name, Verification Level and Actions.
import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table';
import { formatPhone } from '@/components/party/format';
import { LevelBadge } from '@/components/party/level-badge';

type PartyRow = {
  _id: string;
  level: number;
  auth_id: { email: string };
  info: { firstname: string | null; lastname: string | null; phone: { country_code: string; number: string } | null };
};

/** The list's columns with `figure` (credit or discount rate) before Actions. */
export function usePartyColumns<T extends PartyRow>(
  role: 'sme' | 'provider',
  figure: Column<T>,
  hrefOf: (row: T) => string,
): Column<T>[] {
  const { t } = useTranslation('backoffice');
  const dash = (value: ReactNode) => value || '-';
  return [
    {
      key: 'email',
      header: t('list.email'),
      render: (row) => (
        <Text span fz="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {row.auth_id.email}
        </Text>
      ),
    },
    {
      key: 'phone-name',
      header: t('list.phoneName'),
      render: (row) => {
        const phone = formatPhone(row.info.phone);
        const name = [row.info.firstname, row.info.lastname].filter(Boolean).join(' ');
        return (
          <Stack gap={0}>
            <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
              <bdi dir="ltr">{dash(phone)}</bdi>
            </Text>
            <Text span fz="xs" c="dimmed">
              <bdi>{dash(name)}</bdi>
            </Text>
          </Stack>
        );
      },
    },
    { key: 'level', header: t('list.level'), render: (row) => <LevelBadge level={row.level} role={role} /> },
    figure,
    {
      key: 'actions',
      header: t('list.actions'),
      render: (row) => (
        <Button
          component={Link}
          to={hrefOf(row)}
          size="xs"
          variant="light"
          aria-label={t('list.showLabel', { email: row.auth_id.email })}
        >
          {t('list.show')}
        </Button>
      ),
    },
  ];
}
