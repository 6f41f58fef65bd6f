// The intermezzo image between the FAQ and the contact form (product-spec.md section 2): a drawn
// band of candles and waves in the brand colours, with one line of text over it. An illustration
// drawn from the figures below, not an icon.
import { ILLUSTRATION_SERIES } from './market-series';

const WIDTH = 1200;
const HEIGHT = 320;
const SERIES = [...ILLUSTRATION_SERIES.EQUITY, ...ILLUSTRATION_SERIES.GOLD.map((value) => value - 10)];
const STEP = WIDTH / SERIES.length;

/** Candles from consecutive closes: each opens where the previous closed. */
const CANDLES = SERIES.map((close, index) => {
  const open = SERIES[index - 1] ?? close - 2;
  const y = (value: number) => HEIGHT - 60 - value * 3.2;
  return {
    x: index * STEP + STEP / 2,
    top: y(Math.max(open, close)),
    bottom: y(Math.min(open, close)),
    high: y(Math.max(open, close) + 3),
    low: y(Math.min(open, close) - 3),
    rising: close >= open,
  };
});

export function IntermezzoSection() {
  return (
    <section className="intermezzo" aria-label="Trade with discipline">
      <svg
        className="intermezzo__art"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="xMidYMid slice"
        aria-hidden="true"
      >
        <defs>
          <linearGradient id="intermezzo-sky" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor="#041634" />
            <stop offset="60%" stopColor="#063a8c" />
            <stop offset="100%" stopColor="#056cf2" />
          </linearGradient>
          <linearGradient id="intermezzo-wave" x1="0" y1="0" x2="1" y2="0">
            <stop offset="0%" stopColor="#05c7f2" stopOpacity="0" />
            <stop offset="50%" stopColor="#05c7f2" stopOpacity="0.55" />
            <stop offset="100%" stopColor="#05c7f2" stopOpacity="0" />
          </linearGradient>
          {/* Darkens the middle, where the text sits over the candles. */}
          <radialGradient id="intermezzo-shade" cx="50%" cy="50%" r="50%">
            <stop offset="0%" stopColor="#041634" stopOpacity="0.9" />
            <stop offset="100%" stopColor="#041634" stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width={WIDTH} height={HEIGHT} fill="url(#intermezzo-sky)" />
        {[0, 1, 2, 3, 4].map((line) => (
          <line
            key={line}
            x1="0"
            x2={WIDTH}
            y1={40 + line * 60}
            y2={40 + line * 60}
            stroke="#ffffff"
            strokeOpacity="0.06"
          />
        ))}
        <g opacity="0.55">
          {CANDLES.map((candle) => (
            <g key={candle.x}>
              <line
                x1={candle.x}
                x2={candle.x}
                y1={candle.high}
                y2={candle.low}
                stroke={candle.rising ? '#05c7f2' : '#8fb4ff'}
                strokeWidth="2"
              />
              <rect
                x={candle.x - STEP * 0.28}
                y={candle.top}
                width={STEP * 0.56}
                height={Math.max(candle.bottom - candle.top, 5)}
                rx="2"
                fill={candle.rising ? '#05c7f2' : '#8fb4ff'}
              />
            </g>
          ))}
        </g>
        <ellipse cx={WIDTH / 2} cy={HEIGHT / 2} rx="520" ry="160" fill="url(#intermezzo-shade)" />
        <path
          d="M0 250 C 200 200, 400 290, 600 240 S 1000 190, 1200 230"
          fill="none"
          stroke="url(#intermezzo-wave)"
          strokeWidth="3"
        />
        <path
          d="M0 280 C 250 240, 450 310, 700 270 S 1050 240, 1200 260"
          fill="none"
          stroke="url(#intermezzo-wave)"
          strokeWidth="2"
        />
      </svg>
      <div className="intermezzo__text">
        <p className="intermezzo__quote">Trade with discipline. Invest with confidence.</p>
        <p className="intermezzo__sub">Rules tested on years of data, working for you around the clock.</p>
      </div>
    </section>
  );
}
