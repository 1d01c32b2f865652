// POST /api/v1/sme/pay/init (the first instalment, order at 0) and POST /api/v1/sme/pay/installment
// (the earliest unpaid one, order ≥ 1), each { orderId } → { transactionId, paymentUrl }. The SME is then
// sent to paymentUrl: the gateway's page (the sandbox's is /gateway/sandbox/{transactionId}). Each
// press of a pay button is one submission with its own Idempotency-Key.
import { payStartResponse } from '@qist/domain';
import { useMutation } from '@tanstack/react-query';
import { api, type RequestOptions } from '@/lib/api';

const content = payStartResponse.shape.content;

/** 'init' pays the first instalment of a new order, 'installment' the next unpaid one. */
export type PaymentKind = 'init' | 'installment';

export type StartPaymentVariables = { kind: PaymentKind; orderId: string; idempotencyKey: string };

export function startPayment({ kind, orderId, idempotencyKey }: StartPaymentVariables, options?: Pick<RequestOptions, 'notifyOnError' | 'isAuthAttempt'>) {
  return api.post(`/api/v1/sme/pay/${kind}`, { orderId }, content, { ...options, idempotencyKey });
}

export function useStartPayment() {
  return useMutation({ mutationFn: (variables: StartPaymentVariables) => startPayment(variables) });
}
