// An investment's alerts (issue 36, point 4): what to be told (a bot stopped by an error, on by
// default; each fill; the drawdown past a limit, with the bot stopped there if asked; the bot
// paused past its market's calendar, on by default; the live result strayed from the backtest
// of the same period past a share of the capital, off by default) and how
// (e-mail to the owner; a webhook, HTTPS, its body signed with a secret shown once, here, when
// it is made). The form checks what the server checks, with the same messages.
import {
  ALERT_MESSAGES,
  alertSettingsFormSchema,
  type AlertSettings,
  type AlertSettingsForm,
  type Investment,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormField } from '../../../components/form-field';
import { RowDialog } from '../../../components/row-dialog';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { alertSettingsQuery, useSaveAlertSettings } from '../api/alert-settings';

interface AlertSettingsDialogProps {
  /** null: closed. */
  investment: Investment | null;
  onClose: () => void;
}

export function AlertSettingsDialog({ investment, onClose }: AlertSettingsDialogProps) {
  return (
    <RowDialog row={investment} onClose={onClose} className="alert-settings">
      {(row, titleId) => <AlertSettingsBody investment={row} titleId={titleId} onClose={onClose} />}
    </RowDialog>
  );
}

function AlertSettingsBody({
  investment,
  titleId,
  onClose,
}: {
  investment: Investment;
  titleId: string;
  onClose: () => void;
}) {
  const settings = useQuery(alertSettingsQuery(investment._id));
  return (
    <div className="alert-settings__body">
      <h2 id={titleId} className="dialog__title">
        {ALERT_MESSAGES.settingsTitle}
      </h2>
      <p className="alert-settings__subject">
        {investment.account.accountId} · {investment.algorithm.name}
      </p>
      {settings.isPending && <div className="spinner" role="status" aria-label="Caricamento avvisi" />}
      {settings.isError && (
        <p role="alert" className="form-field__error">
          {settings.error.message}
        </p>
      )}
      {settings.data && <AlertSettingsFormView settings={settings.data} onClose={onClose} />}
    </div>
  );
}

interface Draft {
  email: boolean;
  webhookUrl: string;
  onBotError: boolean;
  onFill: boolean;
  drawdownLimit: string;
  drawdownStop: boolean;
  onMarketPaused: boolean;
  driftLimit: string;
}

const draftOf = (settings: AlertSettings): Draft => ({
  email: settings.email,
  webhookUrl: settings.webhookUrl ?? '',
  onBotError: settings.onBotError,
  onFill: settings.onFill,
  drawdownLimit: settings.drawdownLimitPct === null ? '' : String(settings.drawdownLimitPct),
  drawdownStop: settings.drawdownStop,
  onMarketPaused: settings.onMarketPaused,
  driftLimit: settings.driftLimitPct === null ? '' : String(settings.driftLimitPct),
});

type DraftFlag = { [K in keyof Draft]: Draft[K] extends boolean ? K : never }[keyof Draft];

/** One of the draft's on/off choices as a checkbox. */
function DraftCheckbox({
  draft,
  field,
  set,
  disabled,
  describedBy,
  children,
}: {
  draft: Draft;
  field: DraftFlag;
  set: (key: DraftFlag, value: boolean) => void;
  disabled?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={draft[field]}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => set(field, event.target.checked)}
      />
      {children}
    </label>
  );
}

/** A percent typed in a text field (a comma or a dot), its refusal under it. */
function PercentField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="input alert-settings__limit"
          inputMode="decimal"
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** A percent as typed: empty is none, a comma reads as a dot; anything else goes to the schema as it is. */
function percentOf(typed: string): number | null {
  const value = typed.trim().replace(',', '.');
  return value === '' ? null : Number(value);
}

/** The form as the server takes it. */
function formOf(draft: Draft, regenerateSecret: boolean): AlertSettingsForm {
  return {
    email: draft.email,
    webhookUrl: draft.webhookUrl.trim() || null,
    regenerateSecret,
    onBotError: draft.onBotError,
    onFill: draft.onFill,
    drawdownLimitPct: percentOf(draft.drawdownLimit),
    drawdownStop: draft.drawdownStop,
    onMarketPaused: draft.onMarketPaused,
    driftLimitPct: percentOf(draft.driftLimit),
  };
}

/** The fields whose refusals are shown under them. */
const CHECKED_FIELDS = ['webhookUrl', 'drawdownLimitPct', 'driftLimitPct'] as const;
type CheckedField = (typeof CHECKED_FIELDS)[number];

function AlertSettingsFormView({ settings, onClose }: { settings: AlertSettings; onClose: () => void }) {
  const save = useSaveAlertSettings();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<CheckedField, string>>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const pauseHintId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (regenerateSecret: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    const form = formOf(draft, regenerateSecret);
    const parsed = alertSettingsFormSchema.safeParse(form);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (CHECKED_FIELDS.includes(field as CheckedField)) found[field as CheckedField] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { investmentId: settings.investmentId, form },
      {
        onSuccess: (saved) => {
          notify.success(ALERT_MESSAGES.saved);
          if (saved.webhookSecret) setSecret(saved.webhookSecret);
          else onClose();
        },
        onError: (error) => notify.error(refusalMessage(error, ALERT_MESSAGES.saveError)),
      },
    );
  };

  if (secret)
    return (
      <div className="alert-settings__secret">
        <p>{ALERT_MESSAGES.secretOnce}</p>
        <FormField
          label="Segreto del webhook"
          hint="Verifica l’intestazione X-Signature: sha256=HMAC-SHA256 del corpo con questo segreto."
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              className="input alert-settings__secret-value"
              readOnly
              value={secret}
              aria-describedby={describedBy}
              onFocus={(event) => event.target.select()}
            />
          )}
        </FormField>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose} autoFocus>
            Ho copiato il segreto
          </button>
        </div>
      </div>
    );

  return (
    <form className="alert-settings__form" onSubmit={submit(false)} noValidate>
      <fieldset className="alert-settings__group">
        <legend>Quando avvisarmi</legend>
        <DraftCheckbox draft={draft} field="onBotError" set={set}>
          Il bot si ferma per un errore
        </DraftCheckbox>
        <DraftCheckbox draft={draft} field="onFill" set={set}>
          Ogni ordine eseguito
        </DraftCheckbox>
        <PercentField
          label="Limite di drawdown (%)"
          error={errors.drawdownLimitPct}
          hint="Vuoto: nessun limite. Tra 0 e 100."
          value={draft.drawdownLimit}
          onChange={(value) => set('drawdownLimit', value)}
        />
        <DraftCheckbox
          draft={draft}
          field="drawdownStop"
          set={set}
          disabled={draft.drawdownLimit.trim() === ''}
        >
          Ferma il bot al limite (le posizioni aperte restano aperte)
        </DraftCheckbox>
        <DraftCheckbox draft={draft} field="onMarketPaused" set={set} describedBy={pauseHintId}>
          Il bot resta in pausa oltre il previsto
        </DraftCheckbox>
        <p id={pauseHintId} className="form-field__hint">
          Mezz’ora dopo la riapertura prevista dal calendario del mercato, o dopo 2 ore di una pausa che il
          calendario non spiega.
        </p>
        <PercentField
          label="Scostamento dal backtest (% del capitale)"
          error={errors.driftLimitPct}
          hint="Vuoto: nessun avviso. Ogni 5 minuti il risultato del bot (cicli chiusi e posizioni aperte) è confrontato con il backtest dello stesso periodo sugli stessi prezzi: un avviso quando la differenza, in più o in meno, supera questa quota del capitale."
          value={draft.driftLimit}
          onChange={(value) => set('driftLimit', value)}
        />
      </fieldset>
      <fieldset className="alert-settings__group">
        <legend>Come avvisarmi</legend>
        <DraftCheckbox draft={draft} field="email" set={set}>
          E-mail al titolare dell’investimento
        </DraftCheckbox>
        <FormField
          label="Webhook (HTTPS)"
          error={errors.webhookUrl}
          hint="Vuoto: nessun webhook. Riceve un POST JSON firmato."
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="input"
              type="url"
              placeholder="https://"
              value={draft.webhookUrl}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => set('webhookUrl', event.target.value)}
            />
          )}
        </FormField>
        {settings.webhookUrl && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => submit(true)()}
            disabled={save.isPending}
          >
            Genera un nuovo segreto
          </button>
        )}
      </fieldset>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Annulla
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          aria-busy={save.isPending}
        >
          Salva avvisi
        </button>
      </div>
    </form>
  );
}
