// A query's loading, failure and retry, in the shape DataTable and PagedTable take.
export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

export function tableStateOf(query: QueryLike): { isLoading: boolean; isError: boolean; onRetry: () => void } {
  return { isLoading: query.isPending, isError: query.isError, onRetry: () => void query.refetch() };
}
