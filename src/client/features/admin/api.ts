import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../hooks/use-toast.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';

export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'member' | 'admin';
  isPremium: boolean;
  createdAt: string;
}

export interface AdminUserPage {
  items: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

const ADMIN_USERS_URL = '/api/admin/users';

/** The query key (an API URL) of one page of the member list, filtered by a search. */
export const adminUsersUrl = (page: number, query: string) =>
  `${ADMIN_USERS_URL}?page=${page}${query ? `&q=${encodeURIComponent(query)}` : ''}`;

/** One page of members; the previous page stays on screen while the next one loads. */
export function useAdminUsers({
  page,
  query,
  enabled,
}: {
  page: number;
  query: string;
  enabled: boolean;
}) {
  return useQuery<AdminUserPage>({
    queryKey: [adminUsersUrl(page, query)],
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Grants or revokes premium, then reloads every page of the member list. */
export function useSetPremium() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; name: string; isPremium: boolean }) =>
      apiRequest('PATCH', `${ADMIN_USERS_URL}/${encodeURIComponent(v.id)}`, {
        isPremium: v.isPremium,
      }),
    onSuccess: async (_, v) => {
      // Say what changed, and for whom.
      toast({
        title: t(v.isPremium ? 'admin.premiumGranted' : 'admin.premiumRevoked', { name: v.name }),
      });
      await queryClient.invalidateQueries({
        predicate: (qq) => String(qq.queryKey[0]).startsWith(ADMIN_USERS_URL),
      });
    },
    onError: (error) =>
      toast({
        title: t('errors.title'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
}
