// What an insurance company reads before deciding on an SME at level 6: the credit asked for, the company,
// its categories, its documents (each linked to its file, as the profile's gallery does, titled in the
// reader's language), and the notes the admin and the bank left when they verified it (their latest
// verification in the timeline).
import { Anchor, Badge, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { SME_REVIEW, type SmeProfile, type VerificationLog } from '@qist/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/party/document-title';
import { useSmeLogs } from '../../api/get-sme-logs';
import { DecisionCard } from './decision-card';
import { useFormatAmount } from '@/lib/amounts';

/** The note of the latest verification by `role` that moved the SME to `level`. */
function noteOf(logs: VerificationLog[], role: 'admin' | 'bank', level: number): string | null {
  const log = logs.findLast((entry) => entry.operator.role === role && entry.level === level);
  return log?.desc.trim() ? log.desc : null;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export function UnderwritingSummary({ sme }: { sme: SmeProfile }) {
  const formatAmount = useFormatAmount();
  const { t, i18n } = useTranslation('backoffice');
  const logs = useSmeLogs('insurance', sme._id);
  const isArabic = i18n.language.startsWith('ar');

  const note = (role: 'admin' | 'bank', level: number) => {
    if (logs.isPending) {
      return (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text fz="sm">{t('summary.notesLoading')}</Text>
        </Group>
      );
    }
    if (logs.isError) return <Text fz="sm" c="red">{t('summary.notesFailed')}</Text>;
    const text = noteOf(logs.data, role, level);
    return text ? (
      // an operator's note keeps its own direction: an English note stays whole on an Arabic page
      <Text fz="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    ) : (
      <Text fz="sm" c="dimmed">
        {t('summary.noNote')}
      </Text>
    );
  };

  return (
    <DecisionCard title={t('summary.title')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Item label={t('summary.requestedCredit')}>
          <Text fw={700} ta="start">
            {formatAmount(sme.credit.request)}
          </Text>
        </Item>
        <Item label={t('summary.company')}>
          <Text style={{ overflowWrap: 'anywhere' }}>{sme.desc.title ? <bdi>{sme.desc.title}</bdi> : t('profile.untitled')}</Text>
        </Item>
        <Item label={t('summary.categories')}>
          {sme.categories.length > 0 ? (
            <Group gap={6}>
              {sme.categories.map((category) => (
                <Badge key={category._id} variant="light" tt="none">
                  {isArabic && category.titleAr ? category.titleAr : category.title}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('profile.noCategories')}
            </Text>
          )}
        </Item>
        <Item label={t('summary.documents')}>
          {sme.docs.length > 0 ? (
            <Stack component="ul" gap={2} m={0} ps="md">
              {sme.docs.map((doc) => (
                <li key={doc._id}>
                  <Anchor href={doc.url} target="_blank" rel="noopener noreferrer" fz="sm">
                    <DocumentTitle title={doc.title} />
                  </Anchor>
                </li>
              ))}
            </Stack>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('summary.noDocuments')}
            </Text>
          )}
        </Item>
        <Item label={t('summary.adminNote')}>{note('admin', SME_REVIEW.admin.verifiedTo)}</Item>
        <Item label={t('summary.bankNote')}>{note('bank', SME_REVIEW.bank.verifiedTo)}</Item>
      </SimpleGrid>
    </DecisionCard>
  );
}
