// The caller's alerts (issue 36, point 4): the unread count, asked every ALERT_POLL_MS while the
// dashboard is open (the bell), the list when the bell is opened, and marking them read.
import {
  ALERT_POLL_MS,
  ALERT_ROUTES,
  alertListSchema,
  alertUnreadSchema,
  type AlertsReadInput,
} from '@platform/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const unreadQuery = queryOptions({
  queryKey: ['alerts', 'unread'] as const,
  queryFn: () => apiRequest(ALERT_ROUTES.unread, { schema: alertUnreadSchema }),
  refetchInterval: ALERT_POLL_MS,
});

const listQuery = queryOptions({
  queryKey: ['alerts', 'list'] as const,
  queryFn: () => apiRequest(ALERT_ROUTES.list, { schema: alertListSchema }),
});

export const useUnreadAlerts = () => useQuery(unreadQuery);

export const useAlertList = (enabled: boolean) =>
  useQuery({ ...listQuery, enabled, refetchInterval: enabled ? ALERT_POLL_MS : false });

export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertsReadInput) =>
      apiRequest(ALERT_ROUTES.read, { method: 'PATCH', body: input, schema: alertUnreadSchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadQuery.queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: listQuery.queryKey });
    },
  });
}
