// Numbers in the interface language: Arabic-Indic digits in Arabic, as in the Arabic copy.
// One formatter per locale: setting one up is the costly part, and a page formats several numbers.
const formats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, language: string): string {
  const locale = language === 'ar' ? 'ar-u-nu-arab' : 'en';
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    formats.set(locale, format);
  }
  return format.format(value);
}
