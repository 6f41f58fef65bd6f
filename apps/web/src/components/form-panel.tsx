// The frame of a dashboard form that takes the place of its list (product-spec.md section 2):
// a title, a way back to the list, the fields in a responsive grid, and the buttons.
import { ChevronLeft } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import './components.css';
import './form-panel.css';

interface FormPanelProps {
  title: string;
  onBack: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busy?: boolean;
  children: ReactNode;
}

export function FormPanel({ title, onBack, onSubmit, submitLabel, busy = false, children }: FormPanelProps) {
  const titleId = useId();
  return (
    <section className="form-panel" aria-labelledby={titleId}>
      <header className="panel-header">
        <button type="button" className="icon-button" onClick={onBack} aria-label="Torna alla lista">
          <ChevronLeft size={20} aria-hidden="true" />
        </button>
        <h2 id={titleId} className="panel-header__title">
          {title}
        </h2>
      </header>
      <form className="form-panel__form" onSubmit={onSubmit} noValidate>
        <div className="form-panel__fields">{children}</div>
        <div className="form-panel__actions">
          <button type="button" className="button button--ghost" onClick={onBack}>
            Annulla
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </section>
  );
}
