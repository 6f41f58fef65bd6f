// Display formats shared by the screens, in the Italian locale of the product.

/** A remaining time as mm:ss, never below 00:00. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

const timeFormat = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const hourMinuteFormat = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat('it-IT', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

export const formatTime = (date: Date) => timeFormat.format(date);
export const formatHourMinute = (date: Date) => hourMinuteFormat.format(date);
export const formatLongDate = (date: Date) => dateFormat.format(date);

const euroFormat = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** Euro in the Italian format, e.g. 10.500,00 € (Italian groups thousands from five digits). */
export const formatEuro = (amount: number) => euroFormat.format(amount);

/** The compact form of section 9: K, M and B from 1e3, 1e6 and 1e9. */
export function formatCompactEuro(amount: number): string {
  const size = Math.abs(amount);
  const [divisor, suffix] = size >= 1e9 ? [1e9, 'B'] : size >= 1e6 ? [1e6, 'M'] : size >= 1e3 ? [1e3, 'K'] : [1, ''];
  const value = new Intl.NumberFormat('it-IT', { maximumFractionDigits: suffix ? 1 : 2 }).format(amount / divisor);
  return `${value}${suffix} €`;
}

const dayFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A Y-m-d day or an ISO time as its UTC day, e.g. 03/07/2023: periods and bars are in UTC. */
export function formatDay(value: string): string {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? value : dayFormat.format(time);
}

/** A moment in the user's time zone, e.g. 05/03/2025, 14:07. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormat.format(time);
}

/** A plain number in the Italian format with at most the given decimals; no '-0' for a tiny loss. */
export const formatNumber = (value: number, maxDecimals = 2) =>
  new Intl.NumberFormat('it-IT', { maximumFractionDigits: maxDecimals, signDisplay: 'negative' }).format(value);

/** A figure that is already a percentage (interest, requirement), e.g. 12,35%. */
export const formatPercent = (value: number, maxDecimals = 2) => `${formatNumber(value, maxDecimals)}%`;
