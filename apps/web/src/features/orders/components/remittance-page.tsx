// /provider/order/{id}/remittance: the remittance advice of the supplier's paid-out order, to read and
// print: the order, its parties, when it was paid, the order amount, the discount taken and what the
// bank paid the supplier — the payout's ledger postings as the server reads them, nothing worked out here.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatPercent } from '@/components/party/format';
import { paths } from '@/config/paths';
import { Amount } from '@/lib/amounts';
import { formatDateTime, useLanguage } from '@/lib/order-format';
import { useRemittance } from '../api/get-remittance';
import { PrintableDocument, currencyNameOf } from './printable-document';

export function RemittancePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const remittance = useRemittance(id);

  return (
    <PrintableDocument
      title={t('documents.remittance.title')}
      backHref={paths.provider.order.getHref(id)}
      query={remittance}
      note={t('documents.remittance.note')}
      lines={(r) => [
        { key: 'orderId', label: t('documents.orderId'), value: r.orderId, isCode: true },
        { key: 'order', label: t('documents.order'), value: r.description },
        { key: 'supplier', label: t('documents.supplier'), value: r.supplier.name },
        { key: 'sme', label: t('documents.sme'), value: r.sme.name },
        { key: 'paidAt', label: t('documents.remittance.paidAt'), value: formatDateTime(r.paidAt, language) },
        { key: 'reference', label: t('documents.remittance.reference'), value: r.reference, isCode: true },
        { key: 'currency', label: t('documents.currency'), value: currencyNameOf(r.currency, language) },
        { key: 'amount', label: t('documents.remittance.amount'), value: <Amount value={r.amount} /> },
        {
          key: 'discount',
          label: t('documents.remittance.discount', { rate: formatPercent(r.discountRate) }),
          // a deduction, written with its sign (never '-0')
          value: <Amount value={r.discount === 0 ? 0 : -r.discount} />,
        },
        { key: 'paidToSupplier', label: t('documents.remittance.paidToSupplier'), value: <Amount value={r.paidToSupplier} /> },
      ]}
    />
  );
}
