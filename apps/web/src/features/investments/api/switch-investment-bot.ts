// The bot of an investment stopped (state 0) or started again (state 1); positions are left as
// they are. The list is asked again so the state shows at once.
import { INVESTMENTS_API } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { collections } from '../../../lib/collections/collections';
import type { BotSwitch } from '../bot-state';

export const switchInvestmentBot = ({ id, action }: { id: string; action: BotSwitch }) =>
  callApi(INVESTMENTS_API[action], { params: { id } });

export function useSwitchInvestmentBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchInvestmentBot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collections.investments.queryKey }),
  });
}
