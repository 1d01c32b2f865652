// "Download CSV" of a back-office list: the server's export of the same list with the same filter,
// fetched with the session's token and saved under the server's file name; a spinner meanwhile and a
// toast when the file is handed to the browser.
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';
import { apiDownload } from '@/lib/api';
import { notify } from '@/lib/notify';

export type ExportButtonProps = {
  /** The export's API path with the list's filter, e.g. '/api/v1/admin/order/export?status=4'. */
  path: string;
  /** The file name when the server gives none (without '.csv'). */
  fileName: string;
};

export function ExportButton({ path, fileName }: ExportButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await apiDownload(path, `${fileName}.csv`);
      notify.success(t('export.done'));
    } catch {
      // apiDownload has shown the failure
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy} onClick={() => void download()}>
      {t('export.csv')}
    </Button>
  );
}

/** The export's query string of a list filtered by `name` ('status', 'level'); none for 'all'. */
export function exportPath(base: string, filter?: { name: string; value: number; all: number }): string {
  if (!filter || filter.value === filter.all) return base;
  return `${base}?${new URLSearchParams({ [filter.name]: String(filter.value) }).toString()}`;
}
