// Our own drawn weather icons, one per kind the server picks from the forecast's condition code.
import type { WeatherIcon } from '@platform/contracts';

const CLOUD = 'M7 19h10.5a4 4 0 0 0 .6-7.96A5.5 5.5 0 0 0 7.4 9.6 4.7 4.7 0 0 0 7 19z';
const SMALL_CLOUD = 'M8 15h8a3.2 3.2 0 0 0 .5-6.36A4.4 4.4 0 0 0 8.3 7.6 3.7 3.7 0 0 0 8 15z';

function Sun({ cx = 12, cy = 12, r = 4 }: { cx?: number; cy?: number; r?: number }) {
  const rays = [0, 45, 90, 135, 180, 225, 270, 315];
  return (
    <g className="weather-glyph__sun">
      <circle cx={cx} cy={cy} r={r} />
      {rays.map((angle) => {
        const radians = (angle * Math.PI) / 180;
        const [x1, y1, x2, y2] = [r + 2, r + 2, r + 4, r + 4].map((distance, i) =>
          i % 2 === 0 ? cx + Math.cos(radians) * distance : cy + Math.sin(radians) * distance,
        ) as [number, number, number, number];
        return <line key={angle} x1={x1} y1={y1} x2={x2} y2={y2} />;
      })}
    </g>
  );
}

function Drawing({ icon }: { icon: WeatherIcon }) {
  switch (icon) {
    case 'clear':
      return <Sun />;
    case 'partly-cloudy':
      return (
        <>
          <Sun cx={9} cy={8} r={3} />
          <path className="weather-glyph__cloud" d="M9 20h9a3.6 3.6 0 0 0 .5-7.16A4.9 4.9 0 0 0 9.3 11.5 4.2 4.2 0 0 0 9 20z" />
        </>
      );
    case 'cloudy':
      return <path className="weather-glyph__cloud" d={CLOUD} />;
    case 'fog':
      return (
        <g className="weather-glyph__lines">
          <line x1="4" y1="9" x2="20" y2="9" />
          <line x1="6" y1="13" x2="18" y2="13" />
          <line x1="4" y1="17" x2="20" y2="17" />
        </g>
      );
    case 'rain':
      return (
        <>
          <path className="weather-glyph__cloud" d={SMALL_CLOUD} />
          <g className="weather-glyph__drops">
            <line x1="9" y1="18" x2="8" y2="21" />
            <line x1="13" y1="18" x2="12" y2="21" />
            <line x1="17" y1="18" x2="16" y2="21" />
          </g>
        </>
      );
    case 'snow':
      return (
        <>
          <path className="weather-glyph__cloud" d={SMALL_CLOUD} />
          <g className="weather-glyph__flakes">
            <circle cx="9" cy="19" r="1.1" />
            <circle cx="13" cy="21" r="1.1" />
            <circle cx="17" cy="19" r="1.1" />
          </g>
        </>
      );
    case 'thunder':
      return (
        <>
          <path className="weather-glyph__cloud" d={SMALL_CLOUD} />
          <path className="weather-glyph__bolt" d="M13 15l-3 4.5h3l-1.5 3.5 4.5-5h-3l1.5-3z" />
        </>
      );
  }
}

/** Decorative: the condition text beside it says the same in words. */
export function WeatherGlyph({ icon, size = 28 }: { icon: WeatherIcon; size?: number }) {
  return (
    <svg className={`weather-glyph weather-glyph--${icon}`} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <Drawing icon={icon} />
    </svg>
  );
}
