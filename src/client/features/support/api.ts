import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MyTicket, TicketCreated, TicketInput } from '#shared/schemas/support.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiRequest, errorMessage } from '../../lib/queryClient.ts';

const TICKETS_URL = '/api/support/tickets';
/** The signed-in member's tickets with their threads. */
export const MY_TICKETS_KEY = [TICKETS_URL] as const;

/**
 * Files a ticket (visitor or member); answers its number and whether its confirmation e-mail
 * really went out. Field errors stay with the form.
 */
export function useSubmitTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TicketInput) =>
      (await (await apiRequest('POST', TICKETS_URL, input)).json()) as TicketCreated,
    // A rate limit or a bad field will not change on a second try.
    retry: (count, error) =>
      count < 1 && !(error instanceof Error && /^(400|429):/.test(error.message)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY }),
  });
}

export function useMyTickets() {
  return useQuery<{ items: MyTicket[] }>({ queryKey: MY_TICKETS_KEY });
}

export function useReplyToTicket() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: string }) =>
      apiRequest('POST', `${TICKETS_URL}/${encodeURIComponent(v.id)}/replies`, { body: v.body }),
    onSuccess: async () => {
      toast({ title: t('support.mine.sent') });
      await queryClient.invalidateQueries({ queryKey: MY_TICKETS_KEY });
    },
    onError: (error) =>
      toast({
        title: t('support.mine.replyFailed'),
        description: errorMessage(error, t),
        variant: 'destructive',
      }),
  });
}
