// The upload form of the documents step: the role's own titles (required ones marked), one file (PDF,
// PNG, JPEG or WebP), an optional description, and Upload with the percent sent while the file travels.
// Messages (part 1 §5): 'select file to upload'; 'select title of file' (SME) / 'fill title of file' (supplier).
import { Button, FileInput, Select, Stack, Textarea } from '@mantine/core';
import { DOCUMENT_MIME_TYPES, documentUploadRefusal, type DocumentUploadRefusal } from '@qist/domain';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '@/components/ui/upload-progress';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import type { PartyRole } from '../api/keys';
import { useUploadDocument } from '../api/upload-document';
import { useDocumentTitleOptions } from './document-titles';

export function DocumentUploadForm({ role, disabled = false }: { role: PartyRole; disabled?: boolean }) {
  const { t } = useTranslation('onboarding');
  const tm = useTranslateMessage();
  const titleOptions = useDocumentTitleOptions(role);
  const upload = useUploadDocument(role);
  const [title, setTitle] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [refusal, setRefusal] = useState<DocumentUploadRefusal | null>(null);
  const [percent, setPercent] = useState(0);

  // once Upload has been pressed, the messages follow the fields
  const recheck = (nextTitle: string | null, nextFile: File | null) => {
    if (refusal) setRefusal(documentUploadRefusal(role, nextTitle, nextFile));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = documentUploadRefusal(role, title, file);
    setRefusal(found);
    if (found.title || found.file || !title || !file) return;
    setPercent(0);
    upload.mutate(
      { title, description, file, onProgress: setPercent },
      {
        onSuccess: () => {
          notify.success(t('documents.uploaded'));
          setTitle(null);
          setFile(null);
          setDescription('');
          setRefusal(null);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('documents.heading')}>
      <Stack gap="sm">
        <Select
          label={t('documents.title')}
          placeholder={t('documents.titlePlaceholder')}
          withAsterisk
          data={titleOptions}
          value={title}
          onChange={(value) => {
            setTitle(value);
            recheck(value, file);
          }}
          allowDeselect={false}
          disabled={disabled}
          error={tm(refusal?.title)}
          maxDropdownHeight={320}
        />
        <FileInput
          label={t('documents.file')}
          placeholder={t('documents.filePlaceholder')}
          withAsterisk
          clearable
          accept={DOCUMENT_MIME_TYPES.join(',')}
          value={file}
          onChange={(value) => {
            setFile(value);
            recheck(title, value);
          }}
          leftSection={<IconFileUpload size={18} />}
          disabled={disabled}
          error={tm(refusal?.file)}
        />
        <Textarea
          label={t('documents.description')}
          rows={2}
          resize="vertical"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          disabled={disabled}
        />
        {upload.isPending && <UploadProgress percent={percent} label={t('documents.uploading')} />}
        <Button
          type="submit"
          leftSection={<IconUpload size={18} />}
          loading={upload.isPending}
          disabled={disabled}
          w={{ base: '100%', sm: 'fit-content' }}
        >
          {t('documents.upload')}
        </Button>
      </Stack>
    </form>
  );
}
