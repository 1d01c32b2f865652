// The demo-mode alert 'Your code is: 123456' (part 1 §8: resend answers shown in an alert dialog), with OK.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CodeAlert({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { t } = useTranslation('onboarding');
  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      centered
      size="sm"
      withCloseButton={false}
      title={t('code.yourCode', { code: code ?? '' })}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text fz="sm" c="dimmed" mb="md">
        {t('code.demoNote')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('code.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
