// Two-step sign-in on every panel's account page (DESIGN §8): whether it is on (auth/me's `mfa`). Off,
// Set up leads to the set-up page; on, a role that may go without it (SMEs and suppliers) turns it off
// with a code or a recovery code, and a role that needs it is told so.
import { Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@qist/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import '@/i18n/common-areas';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useDisableMfa } from '../api/disable-mfa';
import { useMe } from '../api/get-me';
import { MfaCodeInput, MfaCodeToggle, useMfaCode } from './mfa-code-input';

function TurnOffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const code = useMfaCode();
  const [error, setError] = useState<string | null>(null);
  const disable = useDisableMfa();
  const close = () => {
    if (!disable.isPending) onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.ready || disable.isPending) return;
    setError(null);
    disable.mutate(
      { code: code.value },
      {
        onSuccess: () => {
          notify.success(MESSAGES.mfaTurnedOff);
          onClose();
        },
        onError: (cause) => {
          setError(cause instanceof ApiError ? cause.message : MESSAGES.serverError);
          code.setCode('');
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={close}
      centered
      title={t('account.mfa.turnOffTitle')}
      closeOnClickOutside={!disable.isPending}
      closeOnEscape={!disable.isPending}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">{t('account.mfa.turnOffText')}</Text>
          <MfaCodeInput state={code} error={error} autoFocus />
          <MfaCodeToggle state={code} onToggle={() => setError(null)} />
          <Group justify="flex-end" gap="sm" grow>
            <Button variant="default" onClick={close} disabled={disable.isPending}>
              {t('account.mfa.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!code.ready} loading={disable.isPending}>
              {t('account.mfa.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function MfaSettingsCard() {
  const { t } = useTranslation();
  const me = useMe();
  const [turningOff, setTurningOff] = useState(false);
  if (me.isError) return null; // the failure was told by its toast

  const mfa = me.data?.mfa;
  // The server says whether this role needs it here (MFA_REQUIRED_ROLES, the back office by default).
  const mayTurnOff = me.data ? !me.data.mfaRequired : false;

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={520} component="section" aria-labelledby="mfa-settings-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Title order={2} fz="lg" id="mfa-settings-title">
              {t('account.mfa.title')}
            </Title>
            {mfa !== undefined && (
              <Badge color={mfa ? 'teal' : 'gray'} variant="light" data-testid="mfa-state">
                {mfa ? t('account.mfa.on') : t('account.mfa.off')}
              </Badge>
            )}
          </Group>
          {mfa !== undefined && (
            <Text c="dimmed" fz="sm">
              {mfa ? t('account.mfa.onText') : t('account.mfa.offText')}
            </Text>
          )}
        </Stack>
        {mfa === undefined ? (
          <Loader size="sm" aria-label={t('auth.mfa.loading')} />
        ) : !mfa ? (
          <Button component={Link} to={paths.mfaSetup.getHref()} style={{ alignSelf: 'flex-start' }}>
            {t('account.mfa.setUp')}
          </Button>
        ) : mayTurnOff ? (
          <Button variant="light" color="red" onClick={() => setTurningOff(true)} style={{ alignSelf: 'flex-start' }}>
            {t('account.mfa.turnOff')}
          </Button>
        ) : (
          <Text fz="sm">{t('account.mfa.required')}</Text>
        )}
      </Stack>
      {turningOff && <TurnOffDialog onClose={() => setTurningOff(false)} />}
    </Card>
  );
}
