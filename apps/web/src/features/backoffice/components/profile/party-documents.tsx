// The documents tab: the shared gallery, or 'no documents'.
import { Paper, Text } from '@mantine/core';
import type { PartyDocument } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { DocumentGallery } from '@/components/party/document-gallery';

export function PartyDocuments({ docs }: { docs: PartyDocument[] }) {
  const { t } = useTranslation('backoffice');
  if (docs.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text c="dimmed" ta="center">
          {t('profile.noDocuments')}
        </Text>
      </Paper>
    );
  }
  return <DocumentGallery docs={docs} />;
}
