// Amounts as the reader's language writes them, in the platform's currency (docs/decisions/0019-currency.md):
// 'KWD 1,250.500' in English, '1,250.500 د.ك.‏' in Arabic, with every decimal of the currency.
import { activeCurrency, currencyName, currencySymbol, formatAmount } from '@qist/domain';
import { Text } from '@mantine/core';
import { useCallback } from 'react';
import { useLanguage } from './order-format';

/** Formats amounts in the interface language, re-rendering the caller when it changes. */
export function useFormatAmount(): (amount: number) => string {
  const language = useLanguage();
  return useCallback((amount: number) => formatAmount(amount, language), [language]);
}

export type CurrencyWords = {
  /** 'Amount (KWD)', 'المبلغ (د.ك.‏)'. */
  symbol: string;
  /** 'in Kuwaiti dinars', '(العملة: دينار كويتي)'. */
  name: string;
  /** The decimals an amount input accepts. */
  decimals: number;
  /** The short sign inside an amount input ('$', 'KWD', 'د.ك.‏'); a sign Arabic would write as a name stays short. */
  adornment: string;
};

/** The currency as labels, hints and amount inputs name it, in the interface language. */
export function useCurrency(): CurrencyWords {
  const language = useLanguage();
  const symbol = currencySymbol(language);
  const short = symbol.length <= 4 ? symbol : currencySymbol('en');
  return { symbol, name: currencyName(language), decimals: activeCurrency().minorUnit, adornment: short };
}

/** The currency's sign inside an amount input, at the input's start, wide enough for a three-letter code. */
export function CurrencyAdornment({ sign }: { sign: string }) {
  return (
    <Text span fz="sm" c="dimmed" aria-hidden style={{ whiteSpace: 'nowrap' }}>
      {sign}
    </Text>
  );
}

/** The width of the input's start section for a sign: Mantine's default fits one character. */
export function adornmentWidth(sign: string): number | undefined {
  return sign.length > 1 ? 14 + sign.length * 9 : undefined;
}

/**
 * An amount inside text: isolated (bdi), so the figure and its currency keep their order whatever the
 * direction around them; the text itself carries its language's direction.
 */
export function Amount({ value }: { value: number }) {
  const format = useFormatAmount();
  return <bdi>{format(value)}</bdi>;
}
