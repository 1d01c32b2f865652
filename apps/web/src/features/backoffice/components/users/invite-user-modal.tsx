// Invite a back-office user: email, role and, for an insurance user, its company. The invitation's
// link goes out by email; the list shows the user as invited until the password is set.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { BACK_OFFICE_ROLES, MESSAGES, inviteUserRequest } from '@qist/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useInviteUser } from '../../api/users';

type InviteInput = z.input<typeof inviteUserRequest>;
type InviteValues = z.output<typeof inviteUserRequest>;

export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  return (
    <Modal opened={opened} onClose={onClose} title={t('users.inviteTitle')} centered>
      {opened && <InviteUserForm onClose={onClose} />}
    </Modal>
  );
}

export function InviteUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const tm = useTranslateMessage();
  const invite = useInviteUser();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<InviteInput, unknown, InviteValues>({
    mode: 'onTouched',
    resolver: zodResolver(inviteUserRequest),
    defaultValues: { email: '', role: 'bank', company: '' },
  });
  const role = useWatch({ control, name: 'role' });

  const onSubmit = handleSubmit((values) => {
    const body = values.role === 'insurance' ? values : { email: values.email, role: values.role };
    invite.mutate(body, {
      onSuccess: () => {
        notify.success(MESSAGES.userInvited);
        onClose();
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <TextInput
          label={t('users.email')}
          type="email"
          dir="ltr"
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...register('email')}
          error={tm(errors.email?.message)}
        />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('users.role')}
              withAsterisk
              allowDeselect={false}
              data={BACK_OFFICE_ROLES.map((value) => ({ value, label: t(`users.roles.${value}`) }))}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              error={tm(errors.role?.message)}
            />
          )}
        />
        {role === 'insurance' && (
          <TextInput label={t('users.company')} withAsterisk {...register('company')} error={tm(errors.company?.message)} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={invite.isPending}>
            {t('users.cancel')}
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {t('users.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
