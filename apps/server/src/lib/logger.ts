// The logger of every process (server, job worker, bot): JSON lines for log collectors, readable
// lines for a person at a terminal. LOG_FORMAT decides; unset, a terminal gets readable lines and
// a pipe or file gets JSON (bots under pm2 write to a pipe: JSON, which the monitoring view reads).
import { createRequire } from 'node:module';
import { pino, type DestinationStream } from 'pino';
import type PinoPretty from 'pino-pretty';

/**
 * pino-pretty is loaded only when a process writes readable lines: a bot under pm2 writes JSON
 * and is spared the module (about 2 MB and 20 ms a process).
 */
function loadPinoPretty(): typeof PinoPretty {
  return createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
}

/**
 * How every module logs, whatever process it runs in: fields first, then the message, as pino
 * takes them. A module asks for the levels it uses (Pick<Logger, 'warn'>), so a test can hand it
 * a recorder of those alone; pino's logger is one.
 */
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export type LogFormat = 'json' | 'pretty';

export function logFormatFor(configured: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return configured ?? (isTerminal ? 'pretty' : 'json');
}

export function createLogger(options: {
  level: string;
  format: LogFormat;
  /** Colours only make sense on a terminal. */
  colorize: boolean;
  /** Where the lines go; stdout unless a test captures them. */
  destination?: DestinationStream;
  /** Fields on every line, in place of pino's pid and hostname. */
  base?: Record<string, unknown>;
}): pino.Logger {
  const destination =
    options.format === 'pretty'
      ? // In-process rather than as a worker transport: a terminal is read by a person, whose
        // pace no logging volume outruns, and lines written just before a crash are not lost.
        loadPinoPretty()({
          colorize: options.colorize,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          ...(options.destination ? { destination: options.destination } : {}),
        })
      : (options.destination ?? bufferedStdout());
  const settings = { level: options.level, ...(options.base ? { base: options.base } : {}) };
  return pino(settings, destination);
}

/** Lines written together once this many bytes wait, or every LOG_FLUSH_MS. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 100;

/**
 * JSON lines on stdout, written a few kilobytes at a time rather than one write a line: under the
 * dashboards' polling the write of each request's line took a twentieth of the API's time
 * (docs/benchmarks.md, API throughput). A line waits 100 ms at most, and what waits is written
 * when the process exits (an uncaught error's exit included), so only a SIGKILL or a crash of V8
 * itself loses the last tenth of a second. The writes stay synchronous: handing each to libuv's
 * threads cost the event loop as much as writing it.
 */
function bufferedStdout(): DestinationStream {
  const stdout = pino.destination({
    dest: 1,
    sync: true,
    minLength: LOG_BUFFER_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  process.once('exit', () => stdout.flushSync());
  return stdout;
}

/** A process's logger on its stdout, in the format LOG_FORMAT or the terminal picks. */
export function stdoutLogger(
  level: string,
  configured: LogFormat | undefined,
  base?: Record<string, unknown>,
): pino.Logger {
  const isTerminal = process.stdout.isTTY;
  return createLogger({
    level,
    format: logFormatFor(configured, isTerminal),
    colorize: isTerminal,
    ...(base ? { base } : {}),
  });
}
