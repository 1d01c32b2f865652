// The admin's back-office users (DESIGN §8): GET /api/v1/admin/user/list, POST …/invite, …/disable, …/enable.
import { userListResponse, userResponse, type InviteUserRequest } from '@qist/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/data-table';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export function getUsers(page: number) {
  return api.get(`/api/v1/admin/user/list?page=${page}&perPage=${PAGE_SIZE}`, userListResponse.shape.content);
}

export function getUsersQueryOptions(page: number) {
  return queryOptions({ queryKey: backofficeKeys.userList(page), queryFn: () => getUsers(page), placeholderData: keepPreviousData });
}

export function useUsers(page: number) {
  return useQuery(getUsersQueryOptions(page));
}

export function inviteUser(body: InviteUserRequest) {
  return api.post('/api/v1/admin/user/invite', body, userResponse.shape.content).then((content) => content.user);
}

export function setUserActive({ userId, active }: { userId: string; active: boolean }) {
  return api
    .post(`/api/v1/admin/user/${active ? 'enable' : 'disable'}`, { userId }, userResponse.shape.content)
    .then((content) => content.user);
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.users() }) });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserActive, onSuccess: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.users() }) });
}
