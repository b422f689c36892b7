/**
 * Request ids and request logging (README "Request ids"): every answer carries an
 * `X-Request-Id`, and one log line per request names it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { loggablePath, type Logger } from '@/lib/logger.js';
import type { AppContext } from '@/lib/context.js';

/** The response header that carries a request's id (README "Request ids"). */
const REQUEST_ID_HEADER = 'X-Request-Id';
/** A request id a trusted proxy may pass on: 1–128 letters, digits and `._:-` (a UUID fits). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the proxy's `X-Request-Id` when the proxy is trusted (`TRUST_PROXY`)
 * and the value is sane, else a new random UUID. It is sent back in `X-Request-Id`.
 */
function requestId(trustProxy: boolean) {
  const idOf = requestIdOf(trustProxy);
  return (req: IncomingMessage, res: ServerResponse): string => {
    const id = idOf(req);
    res.setHeader(REQUEST_ID_HEADER, id);
    return id;
  };
}

/** A request's id by `requestId`'s rule, without setting the header (the covers' step sets its own). */
export function requestIdOf(trustProxy: boolean) {
  return (req: IncomingMessage): string => {
    const given = trustProxy ? req.headers['x-request-id'] : undefined;
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/**
 * What a request line says of the request and the answer (pino-http's `serializers`): the
 * method and the path without the query string (and without a share link's token:
 * `loggablePath`; no headers, cookies or query values), and the status.
 */
const serializers = {
  req: (req: { method?: string; url?: string }) => ({
    method: req.method,
    path: loggablePath((req.url ?? '').split('?')[0]!),
  }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

/**
 * One line per request: its id (`reqId`), method, path without the query string (and
 * without a share link's token: `loggablePath`), status, time. `req.log` carries the same id, so an error logged for the request can be matched to it.
 *
 * Every request line is logged at `info` (`warn` for a 5xx or an error). When
 * the logger's level would drop `info` lines (e.g. `LOG_LEVEL=warn` in production), a lean
 * path skips pino-http's per-request child loggers: the request still gets its id (header
 * and `req.id`), `req.log` is made only when something logs through it, and a 5xx is
 * still logged at `warn`, with its id, as pino-http would.
 */
function requestLogging(ctx: AppContext): RequestHandler {
  const genReqId = requestId(ctx.config.TRUST_PROXY);
  const full = pinoHttp({
    logger: ctx.logger,
    genReqId,
    customProps: (req) => ({ reqId: req.id }),
    serializers,
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'warn' : 'info'),
  });
  const root = ctx.logger;
  if (root.isLevelEnabled('info')) return full;
  const logsWarnings = root.isLevelEnabled('warn');
  return (req, res, next) => {
    const id = genReqId(req, res);
    req.id = id;
    let log: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: true,
      get: () => (log ??= root.child({ reqId: id })),
      set: (value: Logger) => {
        log = value;
      },
    });
    if (logsWarnings) {
      const start = Date.now();
      res.once('close', () => {
        if (res.statusCode < 500) return;
        req.log.warn(
          {
            // pino-http's serializers, given what pino's request serializer hands them.
            req: serializers.req({ method: req.method, url: req.originalUrl }),
            res: serializers.res(res),
            err: new Error(`failed with status code ${res.statusCode}`),
            responseTime: Date.now() - start,
          },
          'request errored',
        );
      });
    }
    next();
  };
}

/**
 * Installs the request ids and the request log (after the own covers, before everything else).
 * @param app - the app being built
 * @param ctx - its logger and configuration (`TRUST_PROXY`)
 */
export function installRequestLogging(app: Express, ctx: AppContext): void {
  app.use(requestLogging(ctx));
}
