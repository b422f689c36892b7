/**
 * The pino logger. Requests are logged as method, path (never the query string),
 * status and duration; passwords, cookies and query parameter values never reach the log.
 *
 * On a terminal (`npm start` by hand) the lines are human-readable (pino-pretty: time,
 * level, message, then the fields); anywhere else (a file, a pipe, a log collector) they
 * stay pino's JSON, one object a line (issue 26, item 10).
 */
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger };

/** How log lines are written: one JSON object each, or human-readable text. */
export type LogFormat = 'json' | 'pretty';

/**
 * The format for a stream: `pretty` when it is a terminal (a TTY), `json` otherwise.
 * @param stream - where the lines go, e.g. `process.stdout`
 */
export function logFormatFor(stream: { isTTY?: boolean }): LogFormat {
  return stream.isTTY === true ? 'pretty' : 'json';
}

/**
 * A stream writing pino's lines as text: "HH:MM:ss LEVEL: message" and the other fields
 * indented below, without pid and hostname; colours only on a terminal.
 * @param destination - where the text goes (default standard output)
 */
function prettyStream(destination?: DestinationStream): DestinationStream {
  return PinoPretty({
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    // Synchronous, as pino's own default destination: nothing is lost on process.exit().
    sync: true,
    ...(destination ? { destination: destination as unknown as NodeJS.WritableStream } : {}),
  });
}

/**
 * Creates the application logger.
 * @param level - pino level, `silent` to log nothing (tests)
 * @param destination - where log lines go (default standard output); tests pass a memory stream
 * @param format - `json` (default) or `pretty` (see logFormatFor)
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const options: LoggerOptions = {
    level,
    redact: {
      paths: ['password', '*.password', 'req.headers.cookie', 'res.headers["set-cookie"]', 'params'],
      censor: '[redacted]',
    },
  };
  if (format === 'pretty') return pino(options, prettyStream(destination));
  return destination ? pino(options, destination) : pino(options);
}

/** A share link's token in a path: `/api/public/{token}…` or the page `/s/{token}…` (API.md "Share links"). */
const SHARE_TOKEN_IN_PATH = /^(\/api\/public\/|\/s\/)[^/?#]*/i;

/**
 * The path as it may be logged: a share link's token (`/api/public/{token}/…`, `/s/{token}`)
 * is replaced by `[token]`, so that whoever reads the log cannot open the link (API.md
 * "Share links"; issue 22: a token never appears in a log line).
 * @param path - the request's path, without its query string
 */
export function loggablePath(path: string): string {
  return path.replace(SHARE_TOKEN_IN_PATH, '$1[token]');
}
