// The Order Invoice section (part 1 §2): the invoice the supplier uploaded — an image shown in place,
// a PDF as a link that opens it.
import { Alert, Anchor, Button, Card, Center, Group, Image, Loader, Stack, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getInvoiceFile } from '../api/get-invoice-file';

type InvoiceState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string; isImage: boolean };

/** The file as a blob URL, revoked when the section goes away or shows another file. */
function useInvoiceFile(file: string): InvoiceState {
  const [state, setState] = useState<InvoiceState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getInvoiceFile(file, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setState({ status: 'ready', url, isImage: blob.type.startsWith('image/') });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);
  return state;
}

/** Mounted anew for each file and each retry, so it starts from 'loading'. */
function InvoiceFile({ file, onRetry }: { file: string; onRetry: () => void }) {
  const { t } = useTranslation('orders');
  const state = useInvoiceFile(file);
  if (state.status === 'loading') {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('detail.loading')} />
      </Center>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert color="red" variant="light" title={t('detail.invoice.failed')}>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('detail.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Anchor href={state.url} target="_blank" rel="noopener noreferrer" fz="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconExternalLink size={16} aria-hidden />
          {t('detail.invoice.open')}
        </Group>
      </Anchor>
      {state.isImage && <Image src={state.url} alt={t('detail.invoice.alt')} radius="sm" fit="contain" mah={520} w="100%" />}
    </Stack>
  );
}

/** The invoice alone (a list's preview), with its own Retry. */
export function InvoicePreview({ file }: { file: string }) {
  const [attempt, setAttempt] = useState(0);
  return <InvoiceFile key={`${file}:${attempt}`} file={file} onRetry={() => setAttempt((n) => n + 1)} />;
}

export function OrderInvoice({ file }: { file: string }) {
  const { t } = useTranslation('orders');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-invoice-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="order-invoice-title">
          {t('detail.invoice.title')}
        </Title>
        <InvoicePreview file={file} />
      </Stack>
    </Card>
  );
}
