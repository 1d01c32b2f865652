// POST /api/v1/provider/order/delivered { orderId, verifyCode } (2 → 3): made once from the delivery
// link, with no retries (part 1 §7). The page says 'your data is incorrect' itself, so no toast; a 401
// is the page's to handle (the sign-in form comes back), not a reason to leave the link.
import { orderStepResponse } from '@qist/domain';
import { api } from '@/lib/api';
import { orderUrl } from './keys';

const content = orderStepResponse.shape.content;

export function confirmDelivery(orderId: string, verifyCode: string) {
  return api.post(orderUrl('provider', 'delivered'), { orderId, verifyCode }, content, {
    notifyOnError: false,
    isAuthAttempt: true,
  });
}
