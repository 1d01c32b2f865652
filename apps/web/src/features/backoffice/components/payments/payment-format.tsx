// What the Payments screen's two tables share: the link to an order (its short id), and an amount in a
// currency that may not be the platform's (a gateway can answer in another).
import { Anchor, Text } from '@mantine/core';
import { formatAmount, isCurrencyCode, currencyOf } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLanguage } from '@/lib/order-format';

/** The order's admin page, named by the start of its id (enough to tell orders apart on a screen). */
export function OrderLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation('backoffice');
  return (
    <Anchor component={Link} to={paths.admin.order.getHref(orderId)} fz="sm" dir="ltr" ff="monospace" title={orderId} aria-label={t('payments.orderLabel', { id: orderId })}>
      {orderId.slice(0, 8)}
    </Anchor>
  );
}

/** An id of the gateway's or the platform's, left to right and wrapping anywhere. */
export function Ltr({ children }: { children: string }) {
  return (
    <Text span fz="sm" dir="ltr" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** Formats an amount in a given ISO currency, in the interface language; an unknown code follows the figure as it came. */
export function useFormatAmountIn(): (amount: number, currency: string) => string {
  const language = useLanguage();
  return (amount, currency) => (isCurrencyCode(currency) ? formatAmount(amount, language, currencyOf(currency)) : `${amount} ${currency}`);
}
