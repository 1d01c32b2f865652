// A yes/no question in a modal: Escape or a click outside answers "no"; page scrolling is locked.
import { Button, Group, Modal, Text } from '@mantine/core';

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
      aria-label={question}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
    >
      <Text fw={600} ta="center" mb="lg">
        {question}
      </Text>
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
