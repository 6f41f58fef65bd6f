// A clock with the date, ticking every second (product-spec.md section 9). The dashboard's top
// bar shows hours and minutes only; it still ticks each second so the minute turns on time.
import { useEffect, useState } from 'react';
import { formatHourMinute, formatLongDate, formatTime } from '../lib/format';
import { useHydrated } from '../lib/hydration';
import './components.css';

export function LiveClock({ seconds = true }: { seconds?: boolean }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="live-clock" dateTime={hydrated ? now.toISOString() : undefined}>
      <span className="live-clock__time">
        {hydrated && (seconds ? formatTime(now) : formatHourMinute(now))}
      </span>
      <span className="live-clock__date">{hydrated && formatLongDate(now)}</span>
    </time>
  );
}
