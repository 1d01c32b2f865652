// The admin's Users screen: every back-office account with its role, company, two-step sign-in,
// status and last sign-in; invite one, disable or enable one after a confirmation.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, type BackOfficeUser } from '@qist/domain';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePageParam, type Column, tableStateOf } from '@/components/data-table';
import { formatFullDate } from '@/components/party/format';
import { notify } from '@/lib/notify';
import { useInviteUser, useSetUserActive, useUsers } from '../../api/users';
import { useConfirm } from '../../hooks/use-confirm';
import { InviteUserModal } from './invite-user-modal';

function StatusBadge({ user }: { user: BackOfficeUser }) {
  const { t } = useTranslation('backoffice');
  const [color, label] = user.pending ? ['blue', t('users.pending')] : user.active ? ['green', t('users.active')] : ['red', t('users.disabled')];
  return (
    <Badge color={color} variant="light" tt="none">
      {label}
    </Badge>
  );
}

export function UsersPage() {
  const { t } = useTranslation('backoffice');
  const [page, setPage] = usePageParam();
  const query = useUsers(page);
  const setActive = useSetUserActive();
  const reinvite = useInviteUser();
  const { ask, dialog } = useConfirm();
  const [inviting, setInviting] = useState(false);

  const toggle = (user: BackOfficeUser) => {
    const active = !user.active;
    ask(t(active ? 'users.enableQuestion' : 'users.disableQuestion', { email: user.email }), () =>
      setActive.mutate(
        { userId: user._id, active },
        { onSuccess: () => notify.success(active ? MESSAGES.userEnabled : MESSAGES.userDisabled) },
      ),
    );
  };

  const resend = (user: BackOfficeUser) => {
    const body = user.role === 'insurance' ? { email: user.email, role: user.role, company: user.company ?? '' } : { email: user.email, role: user.role };
    reinvite.mutate(body, { onSuccess: () => notify.success(MESSAGES.userInvited) });
  };

  const columns: Column<BackOfficeUser>[] = [
    {
      key: 'email',
      header: t('users.email'),
      render: (u) => (
        <Text span fz="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {u.email}
        </Text>
      ),
    },
    { key: 'role', header: t('users.role'), render: (u) => t(`users.roles.${u.role}`) },
    { key: 'company', header: t('users.company'), render: (u) => u.company ?? '—' },
    { key: 'mfa', header: t('users.mfa'), render: (u) => (u.mfa ? t('users.on') : t('users.off')) },
    { key: 'status', header: t('users.status'), render: (u) => <StatusBadge user={u} /> },
    { key: 'lastSignIn', header: t('users.lastSignIn'), render: (u) => (u.lastSignInAt ? formatFullDate(u.lastSignInAt) : t('users.never')) },
    {
      key: 'actions',
      header: t('users.actions'),
      render: (u) =>
        u.pending ? (
          // An invitation not accepted yet: a new link, the old one stops working.
          <Button
            size="xs"
            variant="default"
            onClick={() => resend(u)}
            loading={reinvite.isPending && reinvite.variables?.email === u.email}
            aria-label={`${t('users.resend')} ${u.email}`}
          >
            {t('users.resend')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant={u.active ? 'light' : 'filled'}
            color={u.active ? 'red' : undefined}
            onClick={() => toggle(u)}
            aria-label={`${t(u.active ? 'users.disable' : 'users.enable')} ${u.email}`}
          >
            {t(u.active ? 'users.disable' : 'users.enable')}
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 16rem' }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('users.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('users.hint')}
          </Text>
        </Stack>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
          {t('users.invite')}
        </Button>
      </Group>
      <PagedTable
        caption={t('users.title')}
        columns={columns}
        rows={query.data?.users}
        rowKey={(u) => u._id}
        count={query.data?.count}
        page={page}
        onPageChange={setPage}
        {...tableStateOf(query)}
        minWidth={900}
      />
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
      {dialog}
    </Stack>
  );
}
