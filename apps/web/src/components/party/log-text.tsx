// One verification-timeline entry's words: what the platform says (its log code, in the reader's
// language, with its params) and then the operator's note exactly as written, isolated so its own
// direction does not reorder the sentence around it. Long entries wrap between words at phone width.
import { Box } from '@mantine/core';
import { isLogCode, type VerificationLog } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';
import { useFormatAmount } from '@/lib/amounts';

/** First-strong isolates around a value: a Latin company name inside Arabic (or the reverse) keeps its place. */
const isolate = (value: string) => `\u2068${value}\u2069`;

/** The params the log sentences name (LOG_CODES); a missing one reads as empty rather than as its placeholder. */
type LogValues = Record<'amount' | 'company' | 'next', string>;

function formatParams(params: VerificationLog['params'], formatAmount: (amount: number) => string): LogValues {
  const text = (key: keyof LogValues) => {
    const value = params[key];
    if (value === undefined) return '';
    return isolate(key === 'amount' && typeof value === 'number' ? formatAmount(value) : String(value));
  };
  return { amount: text('amount'), company: text('company'), next: text('next') };
}

export function LogText({ log }: { log: Pick<VerificationLog, 'code' | 'params' | 'desc'> }) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const said = isLogCode(log.code) ? t(`party.log.${log.code}` as const, formatParams(log.params, formatAmount)) : null;
  const note = log.desc.trim();
  return (
    // break-word (not anywhere): a line breaks between words, and inside one only when it cannot fit at all.
    <Box component="span" display="block" style={{ overflowWrap: 'break-word', wordBreak: 'normal', whiteSpace: 'normal', textAlign: 'start' }}>
      {said && <span data-testid="log-said">{said}</span>}
      {said && note ? ' — ' : null}
      {note && <bdi data-testid="log-note">{note}</bdi>}
    </Box>
  );
}
