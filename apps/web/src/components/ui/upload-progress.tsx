// How far an upload has gone: a bar and the percent sent, under a label saying what is sent.
import { Group, Progress, Stack, Text } from '@mantine/core';

export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm">{label}</Text>
        <Text fz="sm" fw={600}>
          <bdi dir="ltr">{`${percent}%`}</bdi>
        </Text>
      </Group>
      <Progress value={percent} animated={percent < 100} striped aria-label={label} size="lg" />
    </Stack>
  );
}
