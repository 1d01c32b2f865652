// The EN / العربية switch shown in the public bar, on the auth pages and in the panel menu.
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from '@/i18n';
import { rememberInterfaceLanguage } from '@/lib/user-language';

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
            // A signed-in user's emails and SMS follow the language they read the interface in.
            if (language !== active) rememberInterfaceLanguage(language);
          }}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Group>
  );
}
