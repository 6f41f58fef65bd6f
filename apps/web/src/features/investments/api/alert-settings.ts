// An investment's alert settings (issue 36, point 4): read when the dialog opens, saved from it.
// The save's answer carries the webhook's secret once, when it was just made.
import {
  alertPaths,
  alertSettingsSavedSchema,
  alertSettingsSchema,
  type AlertSettingsForm,
} from '@platform/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const alertSettingsQuery = (investmentId: string) =>
  queryOptions({
    queryKey: ['alert-settings', investmentId] as const,
    queryFn: () => apiRequest(alertPaths.settings(investmentId), { schema: alertSettingsSchema }),
  });

export const saveAlertSettings = ({
  investmentId,
  form,
}: {
  investmentId: string;
  form: AlertSettingsForm;
}) =>
  apiRequest(alertPaths.settings(investmentId), {
    method: 'PATCH',
    body: form,
    schema: alertSettingsSavedSchema,
  });

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: (saved) =>
      queryClient.setQueryData(alertSettingsQuery(saved.settings.investmentId).queryKey, saved.settings),
  });
}
