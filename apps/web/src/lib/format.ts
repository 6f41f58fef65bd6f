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
