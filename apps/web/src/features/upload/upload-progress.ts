// The figures under the upload's progress bar (product-spec.md section 9): the percent of bytes
// sent, held at 95% until the server has answered (it still has to read and store the file),
// the average speed since the attempt began, and the time left at that speed.

export const PROGRESS_CAP = 95;

export interface ProgressSample {
  loaded: number;
  total: number;
  /** When this attempt started sending, and when the sample was taken (ms, same clock). */
  startedAt: number;
  at: number;
}

export interface ProgressFigures {
  percent: number;
  /** Bytes per second; undefined before any time has passed. */
  speed: number | undefined;
  /** Seconds; undefined while the speed is unknown. */
  remaining: number | undefined;
}

export function progressFigures(sample: ProgressSample | undefined, answered: boolean): ProgressFigures {
  if (answered) return { percent: 100, speed: undefined, remaining: 0 };
  if (!sample || sample.total <= 0) return { percent: 0, speed: undefined, remaining: undefined };
  const loaded = Math.min(sample.loaded, sample.total);
  const percent = Math.min(PROGRESS_CAP, Math.floor((loaded / sample.total) * 100));
  const elapsedSeconds = (sample.at - sample.startedAt) / 1000;
  const speed = elapsedSeconds > 0 && loaded > 0 ? loaded / elapsedSeconds : undefined;
  const remaining = speed === undefined ? undefined : (sample.total - loaded) / speed;
  return { percent, speed, remaining };
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 512 B, 1,5 KB, 12,3 MB: binary multiples, as the 600 MB limit is. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const decimals = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat('it-IT', { maximumFractionDigits: decimals }).format(value)} ${UNITS[unit]}`;
}

export const formatSpeed = (bytesPerSecond: number | undefined) =>
  bytesPerSecond === undefined ? '–' : `${formatBytes(bytesPerSecond)}/s`;

/** 8 s, 2 min 5 s, 1 h 3 min. */
export function formatRemaining(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return '–';
  const total = Math.ceil(seconds);
  if (total < 60) return `${total} s`;
  if (total < 3600) return `${Math.floor(total / 60)} min ${total % 60} s`;
  return `${Math.floor(total / 3600)} h ${Math.floor((total % 3600) / 60)} min`;
}
