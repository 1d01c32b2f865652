// Numbers in the interface language: Arabic-Indic digits in Arabic, as in the Arabic copy.
export function formatNumber(value: number, language: string): string {
  return value.toLocaleString(language === 'ar' ? 'ar-u-nu-arab' : 'en');
}
