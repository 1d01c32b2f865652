// A payment gateway the test controls: it records what the platform asked of it and answers as the
// test says (approve a payment, fail a refund a few times, keep a refund unconfirmed).
import { randomBytes } from 'node:crypto';
import type { GatewayRefundState, GatewayStatus, PaymentGateway, RefundAck, RefundRequest } from '../../src/modules/orders/gateway.js';

export interface FakeGateway extends PaymentGateway {
  /** The gateway's record of each payment started. */
  readonly payments: Map<string, { amountMinor: number; status: GatewayStatus }>;
  /** Every refund request received, in order. */
  readonly refundCalls: RefundRequest[];
  /** Every refund status asked, in order. */
  readonly refundStatusCalls: string[];
  setStatus(transactionId: string, status: GatewayStatus): void;
  /** How the next refund requests are answered (default: succeeded at once). */
  answerRefunds(answer: (request: RefundRequest) => Promise<RefundAck>): void;
  answerRefundStatus(answer: (gatewayRefundId: string) => Promise<GatewayRefundState>): void;
}

export function createFakeGateway(name = 'fake'): FakeGateway {
  const payments = new Map<string, { amountMinor: number; status: GatewayStatus }>();
  const refundCalls: RefundRequest[] = [];
  const refundStatusCalls: string[] = [];
  let refundAnswer = async (request: RefundRequest): Promise<RefundAck> => ({ state: 'succeeded', gatewayRefundId: `rf_${request.transactionId}` });
  let refundStatusAnswer = async (_id: string): Promise<GatewayRefundState> => 'succeeded';
  return {
    name,
    payments,
    refundCalls,
    refundStatusCalls,
    async start({ amountMinor }) {
      const transactionId = `${name}_${randomBytes(12).toString('hex')}`;
      payments.set(transactionId, { amountMinor, status: 'pending' });
      return { transactionId, paymentUrl: `https://pay.example/${transactionId}` };
    },
    // The fake takes the platform's dollars, and exactly the amount it was started with.
    async status({ transactionId }) {
      const payment = payments.get(transactionId);
      return payment ? { status: payment.status, amountMinor: payment.amountMinor, currency: 'USD' } : { status: 'unknown' };
    },
    // Its record has no dates: it reports every payment it approved, whatever the day (tests use one day).
    async captures() {
      return [...payments].filter(([, p]) => p.status === 'approved' || p.status === 'refunded').map(([transactionId, p]) => ({ transactionId, amountMinor: p.amountMinor, currency: 'USD' }));
    },
    async refund(request) {
      refundCalls.push(request);
      return refundAnswer(request);
    },
    async refundStatus({ gatewayRefundId }) {
      refundStatusCalls.push(gatewayRefundId);
      return refundStatusAnswer(gatewayRefundId);
    },
    setStatus(transactionId, status) {
      const payment = payments.get(transactionId);
      if (!payment) throw new Error(`the fake gateway has no payment ${transactionId}`);
      payment.status = status;
    },
    answerRefunds(answer) {
      refundAnswer = answer;
    },
    answerRefundStatus(answer) {
      refundStatusAnswer = answer;
    },
  };
}
