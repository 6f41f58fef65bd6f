// A drawing of the dashboard for the platform showcase: sidebar, headline figures, the
// cumulative profit/loss chart and a list of investments. Drawn, so it stays sharp at any width
// and costs no image download; an illustration, not icons of a set.
import { areaPath, linePath } from './chart-path';
import { ILLUSTRATION_SERIES } from './market-series';

const CHART = { x: 196, y: 178, width: 412, height: 120 };

export function PlatformMockup() {
  return (
    <svg className="platform-mockup" viewBox="0 0 640 420" aria-hidden="true">
      <defs>
        <linearGradient id="mockup-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#05c7f2" stopOpacity="0.4" />
          <stop offset="100%" stopColor="#056cf2" stopOpacity="0" />
        </linearGradient>
        <linearGradient id="mockup-side" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#062a66" />
          <stop offset="100%" stopColor="#041634" />
        </linearGradient>
      </defs>
      <rect width="640" height="420" rx="16" fill="#0b1a33" />
      {/* window bar */}
      <rect width="640" height="30" rx="16" fill="#0f2344" />
      <rect y="16" width="640" height="14" fill="#0f2344" />
      {['#ff5f57', '#febc2e', '#28c840'].map((colour, index) => (
        <circle key={colour} cx={18 + index * 16} cy="15" r="5" fill={colour} />
      ))}
      <rect x="220" y="8" width="200" height="14" rx="7" fill="#16315c" />
      {/* sidebar */}
      <rect y="30" width="164" height="390" fill="url(#mockup-side)" />
      <rect x="18" y="48" width="22" height="22" rx="5" fill="#fff" />
      <path
        d="M23 64l5-6 4 3 5-7"
        fill="none"
        stroke="#056cf2"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="48" y="54" width="88" height="10" rx="5" fill="#d9e6ff" opacity="0.9" />
      {[0, 1, 2, 3, 4, 5, 6].map((row) => (
        <g key={row}>
          {row === 0 && <rect x="10" y={92 + row * 34} width="144" height="28" rx="7" fill="#056cf2" />}
          <rect
            x="22"
            y={101 + row * 34}
            width="10"
            height="10"
            rx="3"
            fill={row === 0 ? '#fff' : '#5f7cab'}
          />
          <rect
            x="42"
            y={102 + row * 34}
            width={[64, 58, 70, 48, 76, 60, 54][row]}
            height="8"
            rx="4"
            fill={row === 0 ? '#fff' : '#5f7cab'}
          />
        </g>
      ))}
      {/* headline figures */}
      {[
        { label: 'TOTAL CAPITAL', value: '€ 48,250' },
        { label: 'NOTIONAL', value: '€ 965,000' },
        { label: 'PROFIT/LOSS', value: '+ € 6,412' },
      ].map((card, index) => (
        <g key={card.label} transform={`translate(${184 + index * 148} 48)`}>
          <rect width="136" height="70" rx="10" fill="#12274a" stroke="#1d3a66" />
          <text x="14" y="26" fill="#8fa6c9" fontSize="9" fontWeight="600" letterSpacing="0.06em">
            {card.label}
          </text>
          <text x="14" y="52" fill={index === 2 ? '#4cd68a' : '#ffffff'} fontSize="17" fontWeight="700">
            {card.value}
          </text>
        </g>
      ))}
      {/* profit/loss chart */}
      <rect x="184" y="132" width="436" height="180" rx="10" fill="#12274a" stroke="#1d3a66" />
      <text x="198" y="156" fill="#8fa6c9" fontSize="9" fontWeight="600" letterSpacing="0.06em">
        PROFIT/LOSS CHART
      </text>
      {[0, 1, 2, 3].map((line) => (
        <line
          key={line}
          x1={CHART.x}
          x2={CHART.x + CHART.width}
          y1={CHART.y + line * 40}
          y2={CHART.y + line * 40}
          stroke="#1d3a66"
        />
      ))}
      <g transform={`translate(${CHART.x} ${CHART.y})`}>
        <path
          d={areaPath(ILLUSTRATION_SERIES.EQUITY, CHART.width, CHART.height, 6)}
          fill="url(#mockup-area)"
        />
        <path
          d={linePath(ILLUSTRATION_SERIES.EQUITY, CHART.width, CHART.height, 6)}
          fill="none"
          stroke="#05c7f2"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      </g>
      {/* investments list */}
      <rect x="184" y="326" width="436" height="80" rx="10" fill="#12274a" stroke="#1d3a66" />
      {[
        { market: 'GOLD', state: '#4cd68a' },
        { market: 'NASDAQ', state: '#4cd68a' },
        { market: 'EURUSD', state: '#f0a93b' },
      ].map((row, index) => (
        <g key={row.market} transform={`translate(198 ${344 + index * 22})`}>
          <circle cx="4" cy="0" r="4" fill={row.state} />
          <text x="16" y="4" fill="#d9e6ff" fontSize="10" fontWeight="600">
            {row.market}
          </text>
          <rect x="90" y="-4" width="120" height="8" rx="4" fill="#1d3a66" />
          <rect x="240" y="-4" width="70" height="8" rx="4" fill="#1d3a66" />
          <rect x="340" y="-4" width="60" height="8" rx="4" fill={index === 2 ? '#1d3a66' : '#1b5e46'} />
        </g>
      ))}
    </svg>
  );
}
