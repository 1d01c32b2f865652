// The six Gulf dialling codes as Select options, 'Kuwait (+965)', in the interface language.
import { COUNTRY_CODES } from '@qist/domain';
import { useTranslation } from 'react-i18next';

export function useCountryOptions(): { value: string; label: string }[] {
  const { t } = useTranslation('onboarding');
  return COUNTRY_CODES.map(({ code }) => ({
    value: code,
    label: t('countryOption', { country: t(`countries.${code}`), code }),
  }));
}
