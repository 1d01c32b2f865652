// The sandbox payment gateway's page (/gateway/sandbox/{transactionId}), outside every area: a hosted
// payment page needs no sign-in, the transaction id being its token. Its strings come with this chunk.
import { SandboxGatewayPage } from '@/features/payments/components/sandbox-gateway-page';
import { addNamespaceResources } from '@/i18n';
import { ordersEn } from '@/i18n/locales/orders-en';

addNamespaceResources('orders', ordersEn);

export default function GatewayArea() {
  return <SandboxGatewayPage />;
}
