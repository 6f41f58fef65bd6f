// The Status cell of the backtest and analysis lists (product-spec.md section 4): Queued,
// Running with a spinner, Completed, or Error with the job's message as a tooltip.
import { jobState, type JobState } from '../lib/job-status';
import './components.css';

const LABELS: Record<JobState, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Completed',
  failed: 'Error',
};

/** The cell's text: the table colours Completed and Error by it. */
export const jobStatusLabel = (isCompleted: number) => LABELS[jobState(isCompleted)];

export function JobStatusCell({ isCompleted, error }: { isCompleted: number; error: string | null }) {
  const state = jobState(isCompleted);
  const label = LABELS[state];
  if (state === 'running') {
    return (
      <span className="job-status">
        <span className="spinner spinner--small" aria-hidden="true" />
        {label}
      </span>
    );
  }
  if (state === 'failed' && error) {
    // The tooltip for the mouse; the hidden text for everyone else.
    return (
      <span className="job-status job-status--explained" title={error}>
        {label}
        <span className="visually-hidden">: {error}</span>
      </span>
    );
  }
  return <>{label}</>;
}
