// The caller's alerts (issue 36, point 4): the unread count, asked every ALERT_POLL_MS while the
// dashboard is open (the bell), the list when the bell is opened, and marking them read.
import { ALERT_POLL_MS, ALERTS_API, type AlertsReadInput } from '@platform/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const unreadQuery = queryOptions({
  queryKey: ['alerts', 'unread'] as const,
  queryFn: () => callApi(ALERTS_API.unread),
  refetchInterval: ALERT_POLL_MS,
});

const listQuery = queryOptions({
  queryKey: ['alerts', 'list'] as const,
  queryFn: () => callApi(ALERTS_API.list),
});

export const useUnreadAlerts = () => useQuery(unreadQuery);

export const useAlertList = (enabled: boolean) =>
  useQuery({ ...listQuery, enabled, refetchInterval: enabled ? ALERT_POLL_MS : false });

export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertsReadInput) => callApi(ALERTS_API.markRead, { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadQuery.queryKey, answer);
      return queryClient.invalidateQueries({ queryKey: listQuery.queryKey });
    },
  });
}
