// The Stato cell: a badge with the bot's state and, when it failed, the reason as visible text
// under it, since the user has to read why to fix it.
import type { BotState } from '../bot-state';

export function BotStateCell({ state }: { state: BotState }) {
  return (
    <div className="investments-state">
      <span className={`status-pill investments-state__badge--${state.key}`}>{state.label}</span>
      {state.reason && <span className="investments-state__reason">{state.reason}</span>}
    </div>
  );
}
