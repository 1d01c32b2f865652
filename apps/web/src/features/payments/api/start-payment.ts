// POST /api/v1/sme/pay/init (the first instalment, order at 0) and POST /api/v1/sme/pay/installment
// (the earliest unpaid one, order ≥ 1), each { orderId } → { transactionId, paymentUrl }. The SME is then
// sent to paymentUrl: the gateway's page (the sandbox's is /gateway/sandbox/{transactionId}).
import { payStartResponse } from '@qist/domain';
import { useMutation } from '@tanstack/react-query';
import { api, type RequestOptions } from '@/lib/api';

const content = payStartResponse.shape.content;

/** 'init' pays the first instalment of a new order, 'installment' the next unpaid one. */
export type PaymentKind = 'init' | 'installment';

export function startPayment(kind: PaymentKind, orderId: string, options?: Pick<RequestOptions, 'notifyOnError' | 'isAuthAttempt'>) {
  return api.post(`/api/v1/sme/pay/${kind}`, { orderId }, content, options);
}

export function useStartPayment() {
  return useMutation({ mutationFn: ({ kind, orderId }: { kind: PaymentKind; orderId: string }) => startPayment(kind, orderId) });
}
