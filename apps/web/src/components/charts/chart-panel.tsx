// The parts around a trading chart in a dialog (a backtest row's curve and its market, an
// investment's view): the figures over it, the frame that names the picture, the legend under
// it. Shared so both views read, and are read by a screen reader, the same way.
import type { Ref } from 'react';
import '../components.css';
import './chart-panel.css';

/** Label and value pairs, in a grid that wraps on a phone. */
export function ChartFigures({
  figures,
  className,
}: {
  figures: readonly (readonly [string, string])[];
  /** Added to the grid, e.g. for narrower columns. */
  className?: string;
}) {
  return (
    <dl className={className ? `chart-panel__figures ${className}` : 'chart-panel__figures'}>
      {figures.map(([label, value]) => (
        <div key={label} className="chart-panel__figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface ChartFrameProps {
  /** Where the chart is drawn. */
  containerRef: Ref<HTMLDivElement>;
  /** What the picture shows, for a screen reader. */
  summary: string;
  testId: string;
  /** data-* attributes the browser tests read (counts of what is drawn). */
  data?: Record<`data-${string}`, string | number>;
  /** Added to the chart's box, e.g. for another height. */
  chartClassName?: string;
}

export function ChartFrame({ containerRef, summary, testId, data, chartClassName }: ChartFrameProps) {
  return (
    <div className="chart-panel__frame" data-testid={testId} {...data}>
      <div
        ref={containerRef}
        className={chartClassName ? `chart-panel__chart ${chartClassName}` : 'chart-panel__chart'}
      />
      {/* The picture's name on a layer of its own over the chart, not on it: the chart holds the
          library's attribution link, which a role="img" would make unreachable (axe: nested-interactive). */}
      <div className="chart-label" role="img" aria-label={summary} />
    </div>
  );
}

export interface LegendItem {
  label: string;
  color: string;
  /** A marker's sign (▲, ▼, ●); without one the item is a line's swatch. */
  symbol?: string;
}

export function ChartLegend({
  items,
  note,
  className,
}: {
  items: readonly LegendItem[];
  /** A last line of explanation. */
  note?: string;
  className?: string;
}) {
  return (
    <ul
      className={className ? `chart-panel__legend ${className}` : 'chart-panel__legend'}
      aria-label="Legenda"
    >
      {items.map(({ label, color, symbol }) => (
        <li key={label}>
          {symbol ? (
            <span className="chart-panel__symbol" style={{ color }} aria-hidden="true">
              {symbol}
            </span>
          ) : (
            <span className="chart-panel__swatch" style={{ background: color }} aria-hidden="true" />
          )}
          {label}
        </li>
      ))}
      {note && <li>{note}</li>}
    </ul>
  );
}
