// Order statuses, numerically ordered as the spec shows them.
export const ORDER_STATUS = {
  canceled: -1,
  created: 0,
  waiting: 1,
  sending: 2,
  delivered: 3,
  uploadedInvoice: 4,
  invoiceVerifiedByAdmin: 5,
  paidByBank: 6,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  [-1]: 'canceled',
  0: 'created',
  1: 'waiting',
  2: 'sending',
  3: 'delivered',
  4: 'uploadedInvoice',
  5: 'invoiceVerifiedByAdmin',
  6: 'paidByBank',
};
