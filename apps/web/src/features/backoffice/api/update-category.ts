// PUT /api/v1/admin/category {categoryId, title, desc}: edits an industry.
import { categoryResponse, type categoryUpdateRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export type UpdateCategoryBody = z.input<typeof categoryUpdateRequest>;

export function updateCategory(body: UpdateCategoryBody) {
  return api.put('/api/v1/admin/category', body, categoryResponse.shape.content).then((content) => content.category);
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.categories() }),
  });
}
