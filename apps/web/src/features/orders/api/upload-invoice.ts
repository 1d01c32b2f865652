// POST /api/v1/provider/order/invoice/upload (multipart: orderId, then the file in orderInvoice; 10 s
// time-out, part 1 §7): the supplier's invoice of a delivered order (3 → 4).
import { orderStepResponse } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderUrl, ordersKeys } from './keys';

export const INVOICE_UPLOAD_TIMEOUT_MS = 10_000;

const content = orderStepResponse.shape.content;

export type InvoiceUpload = { orderId: string; file: File; onProgress?: (percent: number) => void };

export function toInvoiceBody({ orderId, file }: InvoiceUpload): FormData {
  const body = new FormData();
  // the order first, so the server knows whose invoice arrives before the file does
  body.append('orderId', orderId);
  body.append('orderInvoice', file, file.name);
  return body;
}

export function uploadInvoice(upload: InvoiceUpload) {
  return api.post(orderUrl('provider', 'invoice/upload'), toInvoiceBody(upload), content, {
    timeoutMs: INVOICE_UPLOAD_TIMEOUT_MS,
    onUploadProgress: upload.onProgress,
  });
}

export function useUploadInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
