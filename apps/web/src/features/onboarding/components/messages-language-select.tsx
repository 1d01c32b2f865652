// "Language of emails and SMS" on the SME's and supplier's profile: the language the platform writes
// their codes, payment links and reminders in. Saved as soon as it is changed, with a toast.
import { Card, Loader, NativeSelect } from '@mantine/core';
import { isLanguage, LANGUAGES } from '@qist/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getMeQueryOptions } from '@/lib/me';
import { notify } from '@/lib/notify';
import { useSaveUserLanguage } from '@/lib/user-language';

export function MessagesLanguageSelect() {
  const { t } = useTranslation('onboarding');
  const me = useQuery(getMeQueryOptions());
  const save = useSaveUserLanguage();
  const stored = me.data?.user.language;
  // While a change is saving, show the chosen value rather than the old one.
  const value = save.isPending && save.variables ? save.variables : stored;

  return (
    <Card withBorder radius="md" padding="lg">
      <NativeSelect
        label={t('profile.messagesLanguage.label')}
        description={t('profile.messagesLanguage.hint')}
        data={LANGUAGES.map((language) => ({ value: language, label: t(`profile.messagesLanguage.${language}`) }))}
        value={value ?? ''}
        disabled={!stored || save.isPending}
        rightSection={save.isPending || me.isPending ? <Loader size="xs" /> : undefined}
        maw={360}
        onChange={(event) => {
          const language = event.currentTarget.value;
          if (!isLanguage(language) || language === stored) return;
          save.mutate(language, { onSuccess: () => notify.success(t('profile.messagesLanguage.saved')) });
        }}
      />
    </Card>
  );
}
