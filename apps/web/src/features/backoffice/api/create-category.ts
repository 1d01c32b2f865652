// POST /api/v1/admin/category {title, desc}: a new industry.
import { categoryResponse, type categoryCreateRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export type CreateCategoryBody = z.input<typeof categoryCreateRequest>;

export function createCategory(body: CreateCategoryBody) {
  return api.post('/api/v1/admin/category', body, categoryResponse.shape.content).then((content) => content.category);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.categories() }),
  });
}
