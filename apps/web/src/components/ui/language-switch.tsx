// The EN / العربية switch shown in the public bar, on the auth pages and in the panel menu.
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage, type Language } from '@/i18n';
import { getToken } from '@/lib/session';

/**
 * A signed-in user's emails and SMS follow the language they read the interface in. The saving code
 * (the API client and its schemas) is fetched only then: a visitor's first page does not carry it.
 */
function rememberForSignedInUser(language: Language): void {
  if (!getToken()) return;
  void import('@/lib/user-language').then(
    (module) => module.rememberInterfaceLanguage(language),
    () => {
      // fire and forget, as the save itself: the next switch, or the profile's select, saves it again
    },
  );
}

export function LanguageSwitch() {
  // useTranslation re-renders the switch when the language changes
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Group gap={4} role="group" aria-label={t('language.label')} wrap="nowrap">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="compact-sm"
          variant={language === active ? 'light' : 'subtle'}
          color={language === active ? undefined : 'gray'}
          aria-pressed={language === active}
          lang={language}
          onClick={() => {
            void setLanguage(language);
            if (language !== active) rememberForSignedInUser(language);
          }}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Group>
  );
}
