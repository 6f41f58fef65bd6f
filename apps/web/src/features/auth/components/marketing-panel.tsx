// The access screen's marketing side (product-spec.md section 2): logo, promise, the marketing
// figures of section 9 and the quote, over a drawn chart. Hidden on narrow screens by auth.css.
import { Brand } from '../../../components/brand';
import { QuoteWidget } from './quote-widget';

// The backdrop is an illustration, not an icon: drawn here from its own figures.
/** Closing prices of the decorative chart, in the SVG's units (higher is up). */
const CLOSES = [52, 58, 55, 63, 60, 68, 66, 74, 70, 79, 76, 85, 82, 90, 88, 97, 94, 104, 101, 110, 108, 118];
const STEP = 28;
const BASE = 300;

function ChartBackdrop() {
  const line = CLOSES.map((close, i) => `${i === 0 ? 'M' : 'L'}${i * STEP + 14} ${BASE - close * 2}`).join(
    ' ',
  );
  return (
    <svg
      className="marketing__chart"
      viewBox="0 0 620 320"
      preserveAspectRatio="xMidYMax slice"
      aria-hidden="true"
    >
      <defs>
        <linearGradient id="marketing-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#05c7f2" stopOpacity="0.45" />
          <stop offset="1" stopColor="#05c7f2" stopOpacity="0" />
        </linearGradient>
      </defs>
      {CLOSES.map((close, i) => {
        const open = CLOSES[i - 1] ?? close - 4;
        const up = close >= open;
        const top = BASE - Math.max(open, close) * 2;
        const height = Math.max(4, Math.abs(close - open) * 2);
        const x = i * STEP + 14;
        return (
          <g
            key={x}
            className={
              up ? 'marketing__candle marketing__candle--up' : 'marketing__candle marketing__candle--down'
            }
          >
            <line x1={x} x2={x} y1={top - 10} y2={top + height + 10} />
            <rect x={x - 6} y={top} width="12" height={height} rx="2" />
          </g>
        );
      })}
      <path d={`${line} L${(CLOSES.length - 1) * STEP + 14} 320 L14 320 Z`} fill="url(#marketing-area)" />
      <path className="marketing__line" d={line} />
    </svg>
  );
}

const FIGURES = [
  { value: '$50', label: 'Minimum deposit' },
  { value: '$100,000', label: 'Demo funds' },
  { value: '24h', label: 'Response time' },
];

export function MarketingPanel() {
  return (
    <section className="marketing chart-grid" aria-labelledby="marketing-title">
      <ChartBackdrop />
      <div className="marketing__content">
        <Brand />
        <div className="marketing__pitch">
          <p className="marketing__eyebrow">Gold · Nasdaq · EUR/USD</p>
          <h2 id="marketing-title" className="marketing__title">
            Automated trading, built around your capital.
          </h2>
          <p className="marketing__lead">
            Link your broker account, pick a tested algorithm and follow every position, backtest and profit
            in one place.
          </p>
          <dl className="marketing__figures">
            {FIGURES.map((figure) => (
              <div key={figure.label} className="marketing__figure">
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <QuoteWidget />
      </div>
    </section>
  );
}
