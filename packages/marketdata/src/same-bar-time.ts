/**
 * When two columns of a row both give the bar's time (CryptoDataDownload's `unix` beside `date`),
 * whether they say the same: the same instant, or the same UTC day when one of them is a date
 * alone (midnight).
 */
const MS_PER_DAY = 86_400_000;

export function sameBarTime(a: number, b: number): boolean {
  if (a === b) return true;
  return (
    Math.floor(a / MS_PER_DAY) === Math.floor(b / MS_PER_DAY) &&
    (a % MS_PER_DAY === 0 || b % MS_PER_DAY === 0)
  );
}
