// Setting up two-step sign-in (DESIGN §8): the QR code of the otpauth URL and the key to type, a
// code to confirm it, then the 10 recovery codes, shown only once, to copy or download. A role that
// needs it (`required`) is told nothing else opens before; an SME or a supplier chooses it.
import { Alert, Button, Center, Code, CopyButton, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, type MfaSetupContent } from '@qist/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QrSvg, encodeQr } from '@/components/ui/qr-code';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { enableMfa, setupMfa } from '../api/mfa';

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'qist-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Stack gap="md">
      <Text fw={600} component="h2" fz="lg" m={0}>
        {t('auth.mfaSetup.codesTitle')}
      </Text>
      <Text fz="sm">{t('auth.mfaSetup.codesIntro')}</Text>
      <SimpleGrid cols={2} spacing="xs" dir="ltr" data-testid="recovery-codes">
        {codes.map((code) => (
          <Code key={code} fz="sm" ta="center">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group grow>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('auth.mfaSetup.copied') : t('auth.mfaSetup.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={download}>
          {t('auth.mfaSetup.download')}
        </Button>
      </Group>
      <Button onClick={onDone}>{t('auth.mfaSetup.done')}</Button>
    </Stack>
  );
}

export function MfaSetup({ required, onDone }: { required: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const [setup, setSetup] = useState<MfaSetupContent | null>(null);
  const [modules, setModules] = useState<boolean[][] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    let current = true;
    setupMfa().then(
      (content) => {
        if (!current) return;
        setSetup(content);
        encodeQr(content.otpauthUrl).then(
          (m) => current && setModules(m),
          () => {
            // the encoder could not be fetched: the key below can still be typed
          },
        );
      },
      (cause: unknown) => current && setFailed(cause instanceof ApiError ? cause.message : MESSAGES.serverError),
    );
    return () => {
      current = false;
    };
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code) || pending) return;
    setPending(true);
    setError(null);
    enableMfa(code).then(
      ({ recoveryCodes: codes }) => setRecoveryCodes(codes),
      (cause: unknown) => {
        setPending(false);
        setCode('');
        setError(cause instanceof ApiError ? cause.message : MESSAGES.serverError);
      },
    );
  }

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  if (failed) return <Alert color="red">{tm(failed)}</Alert>;
  if (!setup) return <Loader mx="auto" display="block" aria-label={t('auth.mfa.loading')} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{required ? t('auth.mfaSetup.intro') : t('auth.mfaSetup.introOptional')}</Text>
        <Text fw={600} fz="sm">
          {t('auth.mfaSetup.scan')}
        </Text>
        <Center mih={200}>
          {modules ? <QrSvg modules={modules} label={t('auth.mfaSetup.qrLabel')} value={setup.otpauthUrl} /> : <Loader aria-label={t('auth.mfa.loading')} />}
        </Center>
        <Text fz="sm">{t('auth.mfaSetup.orType')}</Text>
        <Group gap="xs" wrap="nowrap" justify="center">
          <Code fz="sm" dir="ltr" data-testid="mfa-secret" style={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Code>
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy}>
                {copied ? t('auth.mfaSetup.copied') : t('auth.mfaSetup.copyKey')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <TextInput
          label={t('auth.mfaSetup.confirm')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          dir="ltr"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
          error={error ? tm(error) : undefined}
        />
        <Button type="submit" disabled={!/^\d{6}$/.test(code)} loading={pending}>
          {t('auth.mfaSetup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
