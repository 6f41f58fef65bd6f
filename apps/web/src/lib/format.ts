// Display formats shared by the screens, in the Italian locale of the product. Each Intl formatter
// is made on its first use, not when the module loads: the first one a page makes loads the
// locale's data, tens of milliseconds that would otherwise lengthen the start of every page that
// imports this module, the access screen's included (issue 35).
import { onFirstUse } from './on-first-use';

/** A remaining time as mm:ss, never below 00:00. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

// The clock's formats are written out rather than asked of Intl: the clock is on the access
// screen's first render, and the first Intl formatter a page makes costs Chromium 40-75 ms of
// loading the locale's data, which a phone four times slower turns into a long task right after
// the first paint (issue 35). They give exactly what Intl gives for it-IT (format.test.ts).
const WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'] as const;
const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 09:05:07, in the visitor's time zone. */
export const formatTime = (date: Date) =>
  `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
/** 09:05. */
export const formatHourMinute = (date: Date) =>
  `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
/** martedì 1 dicembre 2026. */
export const formatLongDate = (date: Date) =>
  `${WEEKDAYS[date.getDay()]} ${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;

const euroFormat = onFirstUse(() => new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }));

/** Euro in the Italian format, e.g. 10.500,00 € (Italian groups thousands from five digits). */
export const formatEuro = (amount: number) => euroFormat().format(amount);

/** The compact form of section 9: K, M and B from 1e3, 1e6 and 1e9. */
export function formatCompactEuro(amount: number): string {
  const size = Math.abs(amount);
  const [divisor, suffix] =
    size >= 1e9 ? [1e9, 'B'] : size >= 1e6 ? [1e6, 'M'] : size >= 1e3 ? [1e3, 'K'] : [1, ''];
  const value = new Intl.NumberFormat('it-IT', { maximumFractionDigits: suffix ? 1 : 2 }).format(
    amount / divisor,
  );
  return `${value}${suffix} €`;
}

const dayFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }),
);
const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('it-IT', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** A Y-m-d day or an ISO time as its UTC day, e.g. 03/07/2023: periods and bars are in UTC. */
export function formatDay(value: string): string {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? value : dayFormat().format(time);
}

/** A moment in the user's time zone, e.g. 05/03/2025, 14:07. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormat().format(time);
}

/** A plain number in the Italian format with at most the given decimals; no '-0' for a tiny loss. */
export const formatNumber = (value: number, maxDecimals = 2) =>
  new Intl.NumberFormat('it-IT', { maximumFractionDigits: maxDecimals, signDisplay: 'negative' }).format(
    value,
  );

/** A figure that is already a percentage (interest, requirement), e.g. 12,35%. */
export const formatPercent = (value: number, maxDecimals = 2) => `${formatNumber(value, maxDecimals)}%`;
