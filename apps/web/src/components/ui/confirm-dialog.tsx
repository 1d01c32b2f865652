// A yes/no question in a modal: Escape or a click outside answers "no"; page scrolling is locked.
import { Button, Group, Modal } from '@mantine/core';

export type ConfirmDialogProps = {
  opened: boolean;
  question: string;
  yesLabel: string;
  noLabel: string;
  onYes: () => void;
  onNo: () => void;
  loading?: boolean;
};

export function ConfirmDialog({ opened, question, yesLabel, noLabel, onYes, onNo, loading }: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onNo}
      centered
      withCloseButton={false}
      size="sm"
      title={question}
      styles={{ header: { justifyContent: 'center' }, title: { fontWeight: 600, textAlign: 'center' } }}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
    >
      <Group justify="center" gap="sm" grow>
        <Button variant="default" onClick={onNo} disabled={loading}>
          {noLabel}
        </Button>
        <Button onClick={onYes} loading={loading} data-autofocus>
          {yesLabel}
        </Button>
      </Group>
    </Modal>
  );
}
