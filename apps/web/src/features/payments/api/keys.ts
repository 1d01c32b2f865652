// The query keys of the payment screens.
export const paymentsKeys = {
  all: ['payments'] as const,
  verify: (transactionId: string) => ['payments', 'verify', transactionId] as const,
  sandbox: (transactionId: string) => ['payments', 'sandbox', transactionId] as const,
};
