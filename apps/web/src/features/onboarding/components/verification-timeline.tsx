// The Verification Timeline under the stepper (part 1 §2): one card per log (created time in en-GB full
// style, description in the reader's language with the operator's note as written, level with its
// name), oldest first; 'Loading Logs', 'no data', and on failure
// 'Request failed' with Retry while the list is tried again every 3 s.
import { Alert, Badge, Box, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { isRole } from '@qist/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFullDate } from '@/components/party/format';
import { LevelBadge } from '@/components/party/level-badge';
import { LogText } from '@/components/party/log-text';
import { useLogs } from '../api/get-logs';
import type { PartyRole } from '../api/keys';

export function VerificationTimeline({ role }: { role: PartyRole }) {
  const { t } = useTranslation('onboarding');
  const { t: tc } = useTranslation();
  const logs = useLogs(role);
  const titleId = useId();

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId}>
        {t('timeline.title')}
      </Title>
      {logs.isPending ? (
        <Center py="md" role="status">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>{t('timeline.loading')}</Text>
          </Group>
        </Center>
      ) : logs.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('timeline.failed')}>
          <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void logs.refetch()} loading={logs.isFetching}>
            {t('timeline.retry')}
          </Button>
        </Alert>
      ) : logs.data.length === 0 ? (
        <Text c="dimmed">{t('timeline.empty')}</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {logs.data.map((log) => (
            <Card component="li" key={log._id} withBorder radius="md" padding="md" data-testid="log-card">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fz="sm" fw={600}>
                    <time dateTime={log.createdAt}>{formatFullDate(log.createdAt)}</time>
                  </Text>
                  <Badge variant="outline" color="gray" tt="none">
                    {t('timeline.by')}: {isRole(log.operator.role) ? tc(`panel.roles.${log.operator.role}`) : log.operator.role}
                  </Badge>
                </Group>
                <Box fz="sm">
                  <Text span c="dimmed" fz="sm">
                    {t('timeline.description')}:
                  </Text>
                  <LogText log={log} />
                </Box>
                <Group gap={6}>
                  <Text span c="dimmed" fz="sm">
                    {t('timeline.level')}:
                  </Text>
                  <LevelBadge level={log.level} role={role} />
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
