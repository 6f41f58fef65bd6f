// The server's logger: JSON lines for log collectors, readable lines for a person at a terminal.
// LOG_FORMAT decides; unset, a terminal gets readable lines and a pipe or file gets JSON.
import { pino, type DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';

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
}): pino.Logger {
  const destination =
    options.format === 'pretty'
      ? // In-process rather than as a worker transport: a terminal is read by a person, whose
        // pace no logging volume outruns, and lines written just before a crash are not lost.
        pinoPretty({
          colorize: options.colorize,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname',
          ...(options.destination ? { destination: options.destination } : {}),
        })
      : options.destination;
  return destination ? pino({ level: options.level }, destination) : pino({ level: options.level });
}
