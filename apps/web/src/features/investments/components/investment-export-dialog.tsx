// The files of an investment (issue 36): its transactions as CSV and its monthly statement as a
// PDF for a month the user picks (the previous one by default). Each download says when it is
// under way and why it failed; the dialog stays open for the next month.
import {
  monthSchema,
  previousMonth,
  STATEMENT_FIRST_MONTH,
  STATEMENT_MESSAGES,
  type Investment,
} from '@platform/contracts';
import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { RowDialog } from '../../../components/row-dialog';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useDownloadInvestmentStatement } from '../api/download-investment-statement';
import { useExportInvestmentTransactions } from '../api/export-investment-transactions';

interface InvestmentExportDialogProps {
  /** null: closed. */
  investment: Investment | null;
  onClose: () => void;
}

export function InvestmentExportDialog({ investment, onClose }: InvestmentExportDialogProps) {
  return (
    <RowDialog row={investment} onClose={onClose} className="investment-export">
      {(row, titleId) => <InvestmentExports investment={row} titleId={titleId} onClose={onClose} />}
    </RowDialog>
  );
}

const currentMonth = () => new Date().toISOString().slice(0, 7);

/** The month's refusal in the server's words, before asking it; undefined when it is good. */
function monthProblem(month: string): string | undefined {
  const parsed = monthSchema.safeParse(month);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? STATEMENT_MESSAGES.monthFormat;
  return month > currentMonth() ? STATEMENT_MESSAGES.monthInFuture : undefined;
}

function InvestmentExports({
  investment,
  titleId,
  onClose,
}: {
  investment: Investment;
  titleId: string;
  onClose: () => void;
}) {
  const transactions = useExportInvestmentTransactions();
  const statement = useDownloadInvestmentStatement();
  const [month, setMonth] = useState(() => previousMonth(new Date()));
  const [monthError, setMonthError] = useState<string | undefined>();
  const csvHintId = useId();
  const csvTitleId = useId();
  const pdfTitleId = useId();

  const saved = (filename: string) => notify.success(`File scaricato: ${filename}`);
  const failed = (error: unknown) => notify.error(refusalMessage(error, STATEMENT_MESSAGES.downloadError));

  const exportTransactions = () => transactions.mutate(investment._id, { onSuccess: saved, onError: failed });

  const downloadStatement = (event: FormEvent) => {
    event.preventDefault();
    const problem = monthProblem(month);
    setMonthError(problem);
    if (problem) return;
    statement.mutate({ investmentId: investment._id, month }, { onSuccess: saved, onError: failed });
  };

  return (
    <div className="investment-export__body">
      <h2 id={titleId} className="dialog__title">
        Esporta
      </h2>
      <p className="investment-export__subject">
        {investment.account.accountId} · {investment.algorithm.name}
      </p>

      <section className="investment-export__section" aria-labelledby={csvTitleId}>
        <h3 id={csvTitleId} className="investment-export__title">
          Transazioni
        </h3>
        <p id={csvHintId} className="form-field__hint">
          Tutti i cicli chiusi dell’investimento, con orari UTC e importi in euro.
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={exportTransactions}
          disabled={transactions.isPending}
          aria-busy={transactions.isPending}
          aria-describedby={csvHintId}
        >
          {transactions.isPending ? 'Download in corso…' : STATEMENT_MESSAGES.exportTransactions}
        </button>
      </section>

      <form
        className="investment-export__section"
        aria-labelledby={pdfTitleId}
        onSubmit={downloadStatement}
        noValidate
      >
        <h3 id={pdfTitleId} className="investment-export__title">
          Estratto conto mensile
        </h3>
        <FormField
          label="Mese"
          error={monthError}
          hint="Capitale iniziale e finale, cicli chiusi e commissioni del mese."
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="input investment-export__month"
              type="month"
              value={month}
              min={STATEMENT_FIRST_MONTH}
              max={currentMonth()}
              // Where the browser has no month picker, the field is plain text: the format is said.
              placeholder="AAAA-MM"
              pattern="\d{4}-\d{2}"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => setMonth(event.target.value)}
            />
          )}
        </FormField>
        <button
          type="submit"
          className="button button--primary"
          disabled={statement.isPending}
          aria-busy={statement.isPending}
        >
          {statement.isPending ? 'Download in corso…' : STATEMENT_MESSAGES.monthlyStatement}
        </button>
      </form>

      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Chiudi
        </button>
      </div>
    </div>
  );
}
