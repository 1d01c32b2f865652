// i18next set-up: English and Arabic, the choice kept in localStorage 'lang', Arabic right-to-left.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from '@/config/storage-keys';
import { ar } from './locales/ar';
import { en } from './locales/en';
import { arMessages, enMessages } from './locales/messages';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's own name, shown the same in every interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'EN', ar: 'العربية' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

/** The html element carries lang and dir, which Mantine's rtl styles and screen readers follow. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
  await i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources: {
    en: { common: en, messages: enMessages },
    ar: { common: ar, messages: arMessages },
  },
  lng: readStoredLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  ns: ['common', 'messages', 'public', 'onboarding', 'backoffice'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/**
 * Namespaces that travel with an area's chunk (the public pages' copy, the onboarding screens, the
 * back office): the area registers its strings here when it loads, so other areas do not carry them.
 */
export type LazyNamespace = 'public' | 'onboarding' | 'backoffice';

export function addNamespaceResources<T>(namespace: LazyNamespace, resources: Record<Language, T>): void {
  for (const language of LANGUAGES) {
    if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, resources[language]);
    }
  }
}

i18n.on('languageChanged', (language) => {
  applyDocumentLanguage(isLanguage(language) ? language : 'en');
});
applyDocumentLanguage(currentLanguage());

export { i18n };
