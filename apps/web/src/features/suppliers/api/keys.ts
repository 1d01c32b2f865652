// The query keys of the SME's supplier screens.
export const suppliersKeys = {
  all: ['suppliers'] as const,
  list: (page: number) => ['suppliers', 'list', { page }] as const,
  detail: (providerId: string) => ['suppliers', 'detail', providerId] as const,
};
