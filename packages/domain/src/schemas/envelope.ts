// The API envelope (DESIGN.md §4): success { status: true, content }, failure { status: false, msg }.
import { z } from 'zod';

export function okEnvelope<T extends z.ZodType>(content: T) {
  return z.object({ status: z.literal(true), content });
}

export const errorEnvelope = z.object({ status: z.literal(false), msg: z.string() });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export const healthResponse = okEnvelope(z.object({ db: z.literal('up') }));

/** GET /api/v1/pub/config: what a client needs before it shows anything, the platform's currency (DESIGN §8). */
export const publicConfigResponse = okEnvelope(
  z.object({
    /** ISO 4217: 'KWD'. */
    currency: z.string(),
    /** Decimals of an amount in this currency: 3 for KWD. */
    minorUnit: z.number().int(),
  }),
);
export type PublicConfig = z.infer<typeof publicConfigResponse>['content'];
