import './components.css';

export function LoadingOverlay({ label = 'Caricamento…' }: { label?: string }) {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
