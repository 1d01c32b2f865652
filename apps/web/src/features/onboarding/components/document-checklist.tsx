// The required document titles of the party's role (DESIGN.md §6), ticked as each is uploaded, so the
// party sees what is still missing before pressing Verify.
import { Card, Group, List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { documentTitles } from '@qist/domain';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartyRole } from '../api/keys';
import { useDocumentTitle } from './document-titles';

export function DocumentChecklist({ role, uploadedTitles }: { role: PartyRole; uploadedTitles: readonly string[] }) {
  const { t } = useTranslation('onboarding');
  const titleName = useDocumentTitle();
  const headingId = useId();
  const { required } = documentTitles(role);
  const done = required.filter((title) => uploadedTitles.includes(title)).length;

  return (
    <Card withBorder radius="md" padding="md" maw={640}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
        <Text fw={600} id={headingId}>
          {t('documents.checklist')}
        </Text>
        <Text fz="sm" c="dimmed" aria-live="polite">
          {t('documents.checklistProgress', { done, total: required.length })}
        </Text>
      </Group>
      <List spacing={6} size="sm" center aria-labelledby={headingId}>
        {required.map((title) => {
          const isUploaded = uploadedTitles.includes(title);
          return (
            <List.Item
              key={title}
              data-uploaded={isUploaded}
              icon={
                <ThemeIcon size={22} radius="xl" variant={isUploaded ? 'filled' : 'light'} color={isUploaded ? 'teal' : 'gray'} aria-hidden>
                  {isUploaded ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                </ThemeIcon>
              }
            >
              <Text span fz="sm" c={isUploaded ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {titleName(title)}
              </Text>
              <VisuallyHidden>{` (${isUploaded ? t('documents.checklistDone') : t('documents.checklistMissing')})`}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Card>
  );
}
