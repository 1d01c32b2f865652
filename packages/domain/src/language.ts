// The two languages the platform speaks: the interface's, and each user's choice for the emails and
// SMS written to them (users.language).
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Something the platform writes, once per language; the reader's language picks one. */
export type Bilingual<T> = Record<Language, T>;
