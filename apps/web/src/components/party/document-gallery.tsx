// DocumentGallery: a horizontally scrollable row of document thumbnails (images, PDFs as file cards) with the
// title under each; a click opens a full-screen preview. 'No Image' when there are none.
import { Anchor, Box, Center, Group, Image, Modal, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { PartyDocument } from '@qist/domain';
import { IconExternalLink, IconFileTypePdf, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';
import { DocumentTitle, useDocumentTitleName } from './document-title';

export type DocumentGalleryProps = { docs: PartyDocument[] };

const THUMB_WIDTH = 150;
const THUMB_HEIGHT = 110;

export function isImageDocument(doc: Pick<PartyDocument, 'mime'>): boolean {
  return doc.mime.startsWith('image/');
}

/** A small picture of a document: the image itself, or a PDF card with an icon. */
export function DocumentThumbnail({ doc, width = THUMB_WIDTH, height = THUMB_HEIGHT }: { doc: PartyDocument; width?: number; height?: number }) {
  const { t } = useTranslation();
  const titleName = useDocumentTitleName();
  if (isImageDocument(doc)) {
    return <Image src={doc.url} alt={titleName(doc.title)} w={width} h={height} fit="cover" radius="sm" loading="lazy" />;
  }
  return (
    <Center w={width} h={height} bg="var(--mantine-color-gray-light)" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
      <Stack gap={4} align="center">
        <IconFileTypePdf size={40} stroke={1.4} color="var(--mantine-color-red-7)" aria-hidden />
        {width >= 120 ? (
          <Text fz="xs" c="dimmed">
            {t('party.gallery.pdf')}
          </Text>
        ) : (
          <VisuallyHidden>{t('party.gallery.pdf')}</VisuallyHidden>
        )}
      </Stack>
    </Center>
  );
}

/** The full-screen preview of one document: the image, or the PDF in an embedded viewer, with a link to the file. */
export function DocumentPreview({ doc, onClose }: { doc: PartyDocument | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleName = useDocumentTitleName();
  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      fullScreen
      title={doc && <DocumentTitle title={doc.title} />}
      radius={0}
      transitionProps={{ duration: 0 }}
    >
      {doc && (
        <Stack gap="sm" h="calc(100dvh - 90px)">
          <Anchor href={doc.url} target="_blank" rel="noopener noreferrer" fz="sm" w="fit-content">
            <Group gap={4} wrap="nowrap">
              <IconExternalLink size={16} aria-hidden />
              {t('party.gallery.openFile')}
            </Group>
          </Anchor>
          <Box style={{ flex: 1, minHeight: 0 }}>
            {isImageDocument(doc) ? (
              <Image src={doc.url} alt={titleName(doc.title)} h="100%" w="100%" fit="contain" />
            ) : (
              <iframe
                src={doc.url}
                title={t('party.gallery.frameTitle', { title: titleName(doc.title) })}
                style={{ width: '100%', height: '100%', border: 0 }}
              />
            )}
          </Box>
          {doc.description && <Text c="dimmed">{doc.description}</Text>}
        </Stack>
      )}
    </Modal>
  );
}

export function DocumentGallery({ docs }: DocumentGalleryProps) {
  const { t } = useTranslation();
  const titleName = useDocumentTitleName();
  const [previewed, setPreviewed] = useState<PartyDocument | null>(null);

  if (docs.length === 0) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Stack align="center" gap={4} c="dimmed">
          <IconPhotoOff size={32} stroke={1.4} aria-hidden />
          <Text>{t('party.gallery.noImage')}</Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <>
      <Box
        component="ul"
        aria-label={t('party.gallery.label')}
        tabIndex={0}
        m={0}
        p={0}
        pb="xs"
        style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', overflowX: 'auto', listStyle: 'none' }}
      >
        {docs.map((doc) => (
          <Box component="li" key={doc._id} style={{ flex: '0 0 auto' }} w={THUMB_WIDTH}>
            <UnstyledButton
              onClick={() => setPreviewed(doc)}
              aria-label={t('party.gallery.open', { title: titleName(doc.title) })}
              w="100%"
            >
              <Stack gap={6}>
                <DocumentThumbnail doc={doc} />
                <Text fz="sm" fw={500} lineClamp={2} title={titleName(doc.title)}>
                  <DocumentTitle title={doc.title} />
                </Text>
              </Stack>
            </UnstyledButton>
          </Box>
        ))}
      </Box>
      <DocumentPreview doc={previewed} onClose={() => setPreviewed(null)} />
    </>
  );
}
