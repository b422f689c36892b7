/**
 * The pino logger. Requests are logged as method, path (never the query string),
 * status and duration; passwords, cookies and query parameter values never reach the log.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Creates the application logger.
 * @param level - pino level, `silent` to log nothing (tests)
 * @param destination - where log lines go (default standard output); tests pass a memory stream
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: ['password', '*.password', 'req.headers.cookie', 'res.headers["set-cookie"]', 'params'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
