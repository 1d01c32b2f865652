// The supplier's Upload invoice section of a delivered order (part 1 §2: shown only at status 3): one
// file (PDF, PNG, JPEG or WebP, at most 10 MB), 'select file to upload' when none is chosen, a toast
// once it is sent and the order fetched again (it moves to 4 and shows the invoice); the percent sent
// while it travels.
import { Button, Card, FileInput, Stack, Text, Title } from '@mantine/core';
import { canTakeAction, DOCUMENT_MIME_TYPES, MAX_DOCUMENT_BYTES, MESSAGES, type Order } from '@qist/domain';
import { IconFileUpload, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '@/components/ui/upload-progress';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useUploadInvoice } from '../api/upload-invoice';

/** What is wrong with the chosen file before it is sent (the server checks the content again). */
function invoiceRefusal(file: File | null): string | null {
  if (!file) return MESSAGES.selectFile;
  if (file.type && !(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return MESSAGES.fileTypeRefused;
  if (file.size > MAX_DOCUMENT_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

export function InvoiceUpload({ order }: { order: Pick<Order, '_id' | 'status'> }) {
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const upload = useUploadInvoice();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isChecked, setChecked] = useState(false);
  const [percent, setPercent] = useState(0);
  if (!canTakeAction('uploadInvoice', order.status, 'provider')) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = invoiceRefusal(file);
    setChecked(true);
    setRefusal(found);
    if (found || !file) return;
    setPercent(0);
    upload.mutate(
      { orderId: order._id, file, onProgress: setPercent },
      {
        onSuccess: () => {
          notify.success(MESSAGES.invoiceUploaded);
          setFile(null);
          setChecked(false);
          setRefusal(null);
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-invoice-upload-title">
      <form onSubmit={onSubmit} noValidate aria-labelledby="order-invoice-upload-title">
        <Stack gap="sm">
          <Title order={2} fz="lg" id="order-invoice-upload-title">
            {t('fulfilment.uploadTitle')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('fulfilment.uploadHint')}
          </Text>
          <FileInput
            label={t('fulfilment.file')}
            placeholder={t('fulfilment.filePlaceholder')}
            withAsterisk
            clearable
            accept={DOCUMENT_MIME_TYPES.join(',')}
            value={file}
            onChange={(value) => {
              setFile(value);
              if (isChecked) setRefusal(invoiceRefusal(value));
            }}
            leftSection={<IconFileUpload size={18} />}
            error={tm(refusal ?? undefined)}
            disabled={upload.isPending}
          />
          {upload.isPending && <UploadProgress percent={percent} label={t('fulfilment.uploading')} />}
          <Button type="submit" leftSection={<IconUpload size={18} />} loading={upload.isPending} w={{ base: '100%', sm: 'fit-content' }}>
            {t('fulfilment.upload')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
