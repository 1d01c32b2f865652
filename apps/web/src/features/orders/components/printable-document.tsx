// A printable document of an order (a payment receipt, a remittance advice): a toolbar with the way
// back to the order and Print (window.print), and the sheet itself: the platform's name, the title and
// the document's lines as a description list, the last one the total. The print stylesheet leaves the
// sheet alone on the paper, black on white, on one A4 page. While the document loads, and when it
// cannot be loaded (with Retry), the toolbar stays.
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, currencyName, currencyOf } from '@qist/domain';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconPrinter } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Language } from '@/i18n';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { useLanguage } from '@/lib/order-format';
import classes from './printable-document.module.css';

export type DocumentLine = {
  key: string;
  label: string;
  value: ReactNode;
  /** An identifier (order number, transaction): monospace, left to right in either language. */
  isCode?: boolean;
};

export type PrintableDocumentProps<T> = {
  /** 'Payment receipt', 'Remittance advice'. */
  title: string;
  /** The order the document belongs to. */
  backHref: string;
  query: UseQueryResult<T>;
  /** The document's lines; the last is its total. */
  lines: (data: T) => DocumentLine[];
  /** A sentence under the lines: what the document confirms. */
  note: string;
};

/** A document's currency by its name in the reader's language ('US dollars', 'دولار أمريكي'), or its code. */
export function currencyNameOf(code: string, language: Language): string {
  try {
    return currencyName(language, currencyOf(code));
  } catch {
    return code;
  }
}

function Line({ line, isTotal }: { line: DocumentLine; isTotal: boolean }) {
  return (
    <div className={isTotal ? `${classes.row} ${classes.total}` : classes.row}>
      <dt className={classes.label}>{line.label}</dt>
      <dd className={classes.value}>
        {line.isCode ? (
          <span className={classes.code} dir="ltr">
            {line.value}
          </span>
        ) : typeof line.value === 'string' ? (
          <bdi>{line.value}</bdi>
        ) : (
          line.value
        )}
      </dd>
    </div>
  );
}

export function PrintableDocument<T>({ title, backHref, query, lines, note }: PrintableDocumentProps<T>) {
  const { t } = useTranslation('orders');
  const { t: tCommon } = useTranslation();
  const tm = useTranslateMessage();
  const language = useLanguage();
  const BackIcon = language === 'ar' ? IconArrowRight : IconArrowLeft;

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('documents.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (query.isError) {
    const message = query.error instanceof ApiError ? query.error.message : MESSAGES.serverError;
    body = (
      <Stack gap="md" className={classes.sheet}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle />} title={tm(message)}>
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('documents.retry')}
          </Button>
        </Alert>
      </Stack>
    );
  } else {
    const all = lines(query.data);
    body = (
      <Paper component="article" withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className={classes.sheet} aria-labelledby="printable-document-title" data-printable-document>
        <Stack gap="lg">
          <Stack gap={2}>
            <Text fw={800} fz="xl" className={classes.brand}>
              {tCommon('app.name')}
            </Text>
            <Title order={1} fz={{ base: 22, sm: 28 }} id="printable-document-title">
              {title}
            </Title>
          </Stack>
          <dl className={classes.rows}>
            {all.map((line, index) => (
              <Line key={line.key} line={line} isTotal={index === all.length - 1} />
            ))}
          </dl>
          <Text fz="sm" c="dimmed">
            {note}
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm" className={classes.toolbar}>
        <Anchor component={Link} to={backHref} fz="sm">
          <Group gap={4} wrap="nowrap">
            <BackIcon size={16} aria-hidden />
            {t('documents.backToOrder')}
          </Group>
        </Anchor>
        {query.isSuccess && (
          <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
            {t('documents.print')}
          </Button>
        )}
      </Group>
      {body}
    </Stack>
  );
}
