/**
 * The pino logger. Requests are logged as method, path (never the query string),
 * status and duration; passwords, cookies and query parameter values never reach the log.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Creates the application logger.
 * @param level - pino level, `silent` to log nothing (tests)
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['password', '*.password', 'req.headers.cookie', 'res.headers["set-cookie"]', 'params'],
      censor: '[redacted]',
    },
  });
}
