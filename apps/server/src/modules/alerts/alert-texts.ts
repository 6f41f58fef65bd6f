// The words of the alerts, as the owner reads them in the list, the e-mail and the webhook's body.
const percent = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });
const euros = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signedEuros = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** The figures of a drift alert: EUR, and the gap and the limit in percent of the capital. */
export interface DriftFigures {
  gapEur: number;
  gapPct: number;
  limitPct: number;
  liveEur: number;
  backtestEur: number;
}
/** "mar 01/12, 22:00": a moment in UTC, as the bots' reasons give a market's reopening. */
const moment = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'UTC',
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

export const ALERT_TEXTS = {
  botError: (investment: string, reason: string) =>
    `Il bot dell'investimento ${investment} si è fermato per un errore: ${reason}`,
  fill: (investment: string, market: string, price: number) =>
    `Ordine eseguito sull'investimento ${investment}: ${market} a ${price}.`,
  drawdown: (investment: string, pct: number, limit: number, stopped: boolean) =>
    `Il drawdown dell'investimento ${investment} è al ${percent.format(pct)}%, oltre il limite del ${percent.format(limit)}%.` +
    (stopped ? ' Il bot è stato fermato; le posizioni aperte restano aperte.' : ''),
  drawdownStopped: (pct: number, limit: number) =>
    `Fermato al drawdown del ${percent.format(pct)}% (limite ${percent.format(limit)}%).`,
  marketPaused: (investment: string, length: string, reason: string, reopening: Date | null) =>
    `Il bot dell'investimento ${investment} è in pausa da ${length}` +
    (reopening
      ? `, oltre la riapertura che il calendario del mercato prevedeva (${moment.format(reopening)} UTC).`
      : ' senza che il calendario del mercato lo spieghi.') +
    ` Motivo: ${reason}`,
  drift: (investment: string, figures: DriftFigures) =>
    `Il risultato dell'investimento ${investment} si discosta dal backtest dello stesso periodo di ` +
    `${signedEuros.format(figures.gapEur)} EUR (${percent.format(Math.abs(figures.gapPct))}% del capitale), ` +
    `oltre il limite del ${percent.format(figures.limitPct)}%: il bot è a ${euros.format(figures.liveEur)} EUR ` +
    `(cicli chiusi e posizioni aperte), il backtest sugli stessi prezzi a ${euros.format(figures.backtestEur)} EUR.`,
  mailFooter: 'Gestisci gli avvisi dalla dashboard, nella sezione Investments:',
  noWebhook: "Webhook rimosso dalle impostazioni dell'investimento.",
} as const;
