// /sme/order/{id}/receipt/{installment}: the payment receipt of one of the SME's paid instalments, to
// read and print: the order, its supplier and SME, which instalment, when and through what it was
// paid, the transaction number, the currency and the amount paid.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { Amount } from '@/lib/amounts';
import { formatDateTime, useLanguage } from '@/lib/order-format';
import { useReceipt } from '../api/get-receipt';
import { PrintableDocument, currencyNameOf } from './printable-document';

export function ReceiptPage() {
  const { id = '', installment = '' } = useParams();
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const receipt = useReceipt(id, Number(installment));
  const gatewayName = (gateway: string) =>
    gateway === 'sandbox' || gateway === 'myfatoorah' ? t(`documents.gateways.${gateway}`) : gateway;

  return (
    <PrintableDocument
      title={t('documents.receipt.title')}
      backHref={paths.sme.order.getHref(id)}
      query={receipt}
      note={t('documents.receipt.note')}
      lines={(r) => [
        { key: 'orderId', label: t('documents.orderId'), value: r.orderId, isCode: true },
        { key: 'order', label: t('documents.order'), value: r.description },
        { key: 'supplier', label: t('documents.supplier'), value: r.supplier.name },
        { key: 'sme', label: t('documents.sme'), value: r.sme.name },
        {
          key: 'installment',
          label: t('documents.receipt.installment'),
          value: t('documents.receipt.installmentOf', { number: r.installment.number, count: r.installment.count }),
        },
        { key: 'paidAt', label: t('documents.receipt.paidAt'), value: formatDateTime(r.installment.paidAt, language) },
        { key: 'gateway', label: t('documents.receipt.gateway'), value: gatewayName(r.gateway) },
        { key: 'transactionId', label: t('documents.receipt.transactionId'), value: r.transactionId, isCode: true },
        { key: 'currency', label: t('documents.currency'), value: currencyNameOf(r.currency, language) },
        { key: 'amount', label: t('documents.receipt.amount'), value: <Amount value={r.installment.amount} /> },
      ]}
    />
  );
}
