// GET /api/v1/pub/order/invoice/file/{file}: an order's invoice, served to the owning SME and supplier
// and the back office with the bearer token (DESIGN.md §4 Files). An <img src> cannot send the token,
// so the file is fetched here and shown from a blob URL.
import { MESSAGES } from '@qist/domain';
import { ApiError } from '@/lib/api';
import { getToken } from '@/lib/session';

export function invoiceFileUrl(file: string): string {
  return `/api/v1/pub/order/invoice/file/${encodeURIComponent(file)}`;
}

export async function getInvoiceFile(file: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(invoiceFileUrl(file), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new ApiError(MESSAGES.fileNotFound, response.status);
  return response.blob();
}
