// A clock with the date, ticking every second (product-spec.md section 9). The dashboard's top
// bar shows hours and minutes only; it still ticks each second so the minute turns on time.
import { useEffect, useState } from 'react';
import { formatHourMinute, formatLongDate, formatTime } from '../lib/format';
import './components.css';

export function LiveClock({ seconds = true }: { seconds?: boolean }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="live-clock" dateTime={now.toISOString()}>
      <span className="live-clock__time">{seconds ? formatTime(now) : formatHourMinute(now)}</span>
      <span className="live-clock__date">{formatLongDate(now)}</span>
    </time>
  );
}
