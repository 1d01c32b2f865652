// Dates of the order screens in the interface language: deadlines as a full date (part 1 §9: en-GB
// full style; Arabic uses 'ar' in the same style), creation and update times with the time of day.
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@/i18n';

const LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar' };

function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2025-02-01T09:00:00Z' → 'Saturday 1 February 2025' (en-GB, full). */
export function formatDeadline(iso: string, language: Language): string {
  return valid(iso)?.toLocaleDateString(LOCALES[language], { dateStyle: 'full' }) ?? iso;
}

/** The full date and the time of day, in the browser's time zone. */
export function formatDateTime(iso: string, language: Language): string {
  return valid(iso)?.toLocaleString(LOCALES[language], { dateStyle: 'full', timeStyle: 'short' }) ?? iso;
}

/** The interface language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}
