// Arabic keyboards type Arabic-Indic digits (٠-٩, or the Persian ۰-۹) and the Arabic decimal and
// thousands separators; the API takes ASCII digits. These turn what was typed into what is checked and sent.

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** Arabic-Indic and Persian digits become 0-9; anything else is kept. */
export function toAsciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO));
  });
}

/**
 * An amount as typed ('10,000', '١٠٬٠٠٠', '2500.50', '٢٥٠٠٫٥') as plain decimal text ('10000',
 * '2500.5' stays '2500.50'): ASCII digits, '.' for the decimal separator, no grouping separators.
 */
export function normalizeAmount(value: string): string {
  return toAsciiDigits(value)
    .replace(/\u066b/g, '.')
    .replace(/[,\u066c\s]/g, '');
}
