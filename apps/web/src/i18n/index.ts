// i18next set-up: English and Arabic, the choice kept in localStorage 'lang', Arabic right-to-left.
// English, the default, is bundled with the code that uses it; the Arabic strings are their own
// chunks, fetched (through the backend below) only once Arabic is the language, so an English
// visitor's first page does not carry both languages.
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from '@/config/storage-keys';
import { en } from './locales/en';
import { enMessages } from './locales/messages';

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
  // Fetch the language's strings first: the switch itself (text and direction) then happens at once.
  await i18n.loadLanguages(language);
  await i18n.changeLanguage(language);
}

/**
 * Namespaces that travel with an area's chunk (the public pages' copy, the onboarding screens, the
 * back office): the area registers its English strings when it loads, so other areas do not carry
 * them, and the Arabic ones load from here when needed.
 */
export type LazyNamespace = 'public' | 'onboarding' | 'backoffice' | 'orders' | 'dashboards';

type Namespace = 'common' | 'messages' | LazyNamespace;
type Resources = Record<string, unknown>;

/**
 * The Arabic strings, every namespace fetched when needed. 'messages' (the toasts' and form errors'
 * sentences) loads with 'common' before the first Arabic render, and with every switch to Arabic
 * (setLanguage), so a toast in Arabic never waits for it.
 */
const ARABIC: Record<Namespace, () => Promise<Resources>> = {
  common: () => import('./locales/ar').then((m) => m.ar),
  messages: () => import('./locales/messages-ar').then((m) => m.arMessages),
  public: () => import('./locales/public-ar').then((m) => m.publicAr),
  onboarding: () => import('./locales/onboarding-ar').then((m) => m.onboardingAr),
  backoffice: () => import('./locales/backoffice-ar').then((m) => m.backofficeAr),
  orders: () => import('./locales/orders-ar').then((m) => m.ordersAr),
  dashboards: () => import('./locales/dashboards-ar').then((m) => m.dashboardsAr),
};

function isNamespace(value: string): value is Namespace {
  return value in ARABIC;
}

const chunkBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    // English is always bundled (with the app or with its area): only Arabic is ever fetched.
    if (language !== 'ar' || !isNamespace(namespace)) {
      callback(null, {});
      return;
    }
    ARABIC[namespace]().then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

/** Settles once the stored language's strings are in: at once for English, Arabic waits for its chunk. */
export const languageReady: Promise<unknown> = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources: { en: { common: en, messages: enMessages } },
    // The bundled resources above are only part of each language: the backend supplies the rest.
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES,
    // Areas add theirs as they load (i18n.loadNamespaces), so a later change of language fetches only
    // the namespaces in use.
    ns: ['common', 'messages'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });

/**
 * An area's strings: the English ones come with the area's chunk; in Arabic the namespace is fetched,
 * and the components reading it suspend until it is there.
 */
export function addNamespaceResources<T extends object>(namespace: LazyNamespace, english: T): void {
  i18n.addResourceBundle('en', namespace, english, true, true);
  void i18n.loadNamespaces(namespace);
}

/**
 * Strings of the default namespace that travel with the areas reading them (./common-areas.ts): merged
 * into the English 'common' strings, which the app's entry carries only in part.
 */
export function addCommonResources(english: object): void {
  i18n.addResourceBundle('en', 'common', english, true, true);
}

i18n.on('languageChanged', (language) => {
  applyDocumentLanguage(isLanguage(language) ? language : 'en');
});
applyDocumentLanguage(currentLanguage());

export { i18n };
