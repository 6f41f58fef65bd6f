// An investment's alert settings (issue 36, point 4): read when the dialog opens, saved from it.
// The save's answer carries the webhook's secret once, when it was just made.
import { ALERTS_API, type AlertSettingsForm } from '@platform/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const alertSettingsQuery = (investmentId: string) =>
  queryOptions({
    queryKey: ['alert-settings', investmentId] as const,
    queryFn: () => callApi(ALERTS_API.settings, { params: { id: investmentId } }),
  });

export const saveAlertSettings = ({
  investmentId,
  form,
}: {
  investmentId: string;
  form: AlertSettingsForm;
}) => callApi(ALERTS_API.saveSettings, { params: { id: investmentId }, body: form });

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: (saved) =>
      queryClient.setQueryData(alertSettingsQuery(saved.settings.investmentId).queryKey, saved.settings),
  });
}
