// The steps of an order taken by the supplier and the back office (DESIGN.md §4, §7), each a POST of
// { orderId } answering the order's new status: the supplier's accept (1 → 2) and decline (1 → -1),
// the admin's invoice verify (4 → 5) and the bank's pay (5 → 6, or a payout request for a second bank
// user at or above the approval threshold). A refusal's msg (a 409 names the current status) is an
// error toast (lib/api.ts); on success every order query is fetched again, and the back office's queue
// counts and payout approvals after its steps.
import { bankPayResponse, orderStepResponse } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queueKeys } from '@/lib/queue-keys';
import { orderUrl, ordersKeys } from './keys';
import { approvalKeys } from './payout-approvals';

const content = orderStepResponse.shape.content;
const payContent = bankPayResponse.shape.content;

export const ORDER_STEPS = {
  accept: { role: 'provider', path: 'accept' },
  decline: { role: 'provider', path: 'decline' },
  verifyInvoice: { role: 'admin', path: 'invoice/verify' },
  pay: { role: 'bank', path: 'pay' },
} as const;

export type OrderStep = keyof typeof ORDER_STEPS;

export function takeOrderStep(step: OrderStep, orderId: string) {
  const { role, path } = ORDER_STEPS[step];
  return api.post(orderUrl(role, path), { orderId }, content);
}

/** The bank's Pay: `order` when it paid at once, `approval` when it became a payout request. */
export function payOrder(orderId: string) {
  return api.post(orderUrl('bank', 'pay'), { orderId }, payContent);
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    // a refusal too: a 409 means another bank user requested or paid it meanwhile
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      return queryClient.invalidateQueries({ queryKey: ordersKeys.all });
    },
  });
}

export function useOrderStep(step: OrderStep) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => takeOrderStep(step, orderId),
    onSuccess: () => {
      // the invoice verification and the payout empty the admin's and the bank's queue counts
      if (step === 'verifyInvoice' || step === 'pay') void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      return queryClient.invalidateQueries({ queryKey: ordersKeys.all });
    },
  });
}
