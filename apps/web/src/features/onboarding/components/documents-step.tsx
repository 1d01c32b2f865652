// Step 4, the documents (part 1 §5): the upload form, the uploaded list (title, size, preview; a click
// opens the full-screen preview; Delete asks first), and Verify — disabled without documents; it names
// the first missing required title ('you must upload {title}') before asking the server to confirm. The
// role's required titles are a checklist above, ticked as each is uploaded. Verify waits while an upload is
// on its way, so the check never runs against a list about to change.
import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { canEditDocuments, firstMissingDocument, MESSAGES, type PartyDocument } from '@qist/domain';
import { IconAlertCircle, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentPreview, DocumentThumbnail } from '@/components/party/document-gallery';
import { DocumentTitle } from '@/components/party/document-title';
import { formatFullDate } from '@/components/party/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import '@/i18n/common-areas';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useConfirmDocuments } from '../api/confirm-documents';
import { useDeleteDocument } from '../api/delete-document';
import { useDocuments } from '../api/get-documents';
import { onboardingKeys, type PartyRole } from '../api/keys';
import { DocumentChecklist } from './document-checklist';
import { useDocumentTitle } from './document-titles';
import { DocumentUploadForm } from './document-upload-form';
import { formatFileSize } from './format-size';

function DocumentRow({
  doc,
  canDelete,
  onPreview,
  onDelete,
}: {
  doc: PartyDocument;
  canDelete: boolean;
  onPreview: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('onboarding');
  const { t: tc } = useTranslation();
  const titleName = useDocumentTitle();
  const title = titleName(doc.title);
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onPreview} aria-label={tc('party.gallery.open', { title })} style={{ flexShrink: 0 }}>
          <DocumentThumbnail doc={doc} width={80} height={68} />
        </UnstyledButton>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'break-word' }}>
            <DocumentTitle title={doc.title} />
          </Text>
          <Text fz="xs" c="dimmed">
            {t('documents.size')}: <span dir="ltr">{formatFileSize(doc.size)}</span>
          </Text>
          <Text fz="xs" c="dimmed">
            {t('documents.uploadedAt')}: {formatFullDate(doc.createdAt)}
          </Text>
          {doc.description && (
            <Text fz="sm" style={{ overflowWrap: 'break-word' }}>
              {doc.description}
            </Text>
          )}
          {canDelete && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} />}
              onClick={onDelete}
              aria-label={t('documents.deleteLabel', { title })}
              w="fit-content"
              mt={4}
              ml={-6}
            >
              {t('documents.delete')}
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

export function DocumentsStep({ role, level }: { role: PartyRole; level: number }) {
  const { t } = useTranslation('onboarding');
  const tm = useTranslateMessage();
  const titleName = useDocumentTitle();
  const documents = useDocuments(role);
  const remove = useDeleteDocument(role);
  const confirm = useConfirmDocuments(role);
  const [previewed, setPreviewed] = useState<PartyDocument | null>(null);
  const [toDelete, setToDelete] = useState<PartyDocument | null>(null);
  const uploading = useIsMutating({ mutationKey: onboardingKeys.upload(role) }) > 0;
  const editable = canEditDocuments(level);
  const docs = documents.data ?? [];

  const deleteConfirmed = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: () => notify.success(t('documents.deleted')),
      onSettled: () => setToDelete(null),
    });
  };

  const verify = () => {
    const missing = firstMissingDocument(
      role,
      docs.map((doc) => doc.title),
    );
    if (missing) {
      notify.warning(t('documents.mustUpload', { title: titleName(missing) }));
      return;
    }
    confirm.mutate();
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="lg">
          {t('documents.heading')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('documents.intro')}
        </Text>
      </Stack>
      {documents.data && <DocumentChecklist role={role} uploadedTitles={documents.data.map((doc) => doc.title)} />}
      <Card withBorder radius="md" padding="md" maw={640}>
        <DocumentUploadForm role={role} disabled={!editable} />
      </Card>

      <Stack gap="sm" component="section" aria-label={t('documents.list')}>
        <Title order={3} fz="md">
          {t('documents.list')}
        </Title>
        {documents.isPending ? (
          <Center py="md" role="status">
            <Group gap="sm">
              <Loader size="sm" />
              <Text>{t('documents.loading')}</Text>
            </Group>
          </Center>
        ) : documents.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('documents.failed')}>
            <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void documents.refetch()} loading={documents.isFetching}>
              {t('documents.retry')}
            </Button>
          </Alert>
        ) : docs.length === 0 ? (
          <Text c="dimmed">{t('documents.none')}</Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {docs.map((doc) => (
              <DocumentRow
                key={doc._id}
                doc={doc}
                canDelete={editable}
                onPreview={() => setPreviewed(doc)}
                onDelete={() => setToDelete(doc)}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <Stack gap="xs">
        <Text fz="sm" c="dimmed">
          {t('documents.verifyHint')}
        </Text>
        <Button
          size="md"
          leftSection={<IconShieldCheck size={20} />}
          disabled={docs.length === 0 || !editable || uploading}
          loading={confirm.isPending}
          onClick={verify}
          w={{ base: '100%', sm: 'fit-content' }}
          miw={180}
        >
          {t('documents.verify')}
        </Button>
      </Stack>

      <DocumentPreview doc={previewed} onClose={() => setPreviewed(null)} />
      <ConfirmDialog
        opened={toDelete !== null}
        question={tm(MESSAGES.deleteDocumentConfirm) ?? MESSAGES.deleteDocumentConfirm}
        noLabel={t('documents.no')}
        yesLabel={t('documents.yes')}
        onNo={() => setToDelete(null)}
        onYes={deleteConfirmed}
        loading={remove.isPending}
      />
    </Stack>
  );
}
