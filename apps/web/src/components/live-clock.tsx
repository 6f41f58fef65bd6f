// A clock with the date, ticking every second (product-spec.md section 9).
import { useEffect, useState } from 'react';
import { formatLongDate, formatTime } from '../lib/format';
import './components.css';

export function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="live-clock" dateTime={now.toISOString()}>
      <span className="live-clock__time">{formatTime(now)}</span>
      <span className="live-clock__date">{formatLongDate(now)}</span>
    </time>
  );
}
