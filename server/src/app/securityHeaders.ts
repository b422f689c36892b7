/**
 * The security headers of every answer (API.md "Security"): helmet, with a CSP naming only
 * our origin, the chat bot and the cover hosts, and allowing one inline script: the page's
 * boot script, by the hash the client's build wrote into `boot.json` (app/clientBuild.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppContext } from '@/lib/context.js';

/** The security-header step, and the headers it sets worked out once (the covers' step sends them itself). */
export type SecurityHeaders = RequestHandler & {
  /** The headers the step sets, worked out once, for a request over HTTPS or not (the covers' step). */
  fixed: (req: IncomingMessage) => readonly (readonly [string, string])[];
};

function origins(urls: Array<string | undefined>): string[] {
  return urls.filter((u): u is string => Boolean(u)).map((u) => new URL(u).origin);
}

/**
 * helmet's headers with a CSP naming only our origin, the chat bot and the cover hosts.
 * In production a page served over HTTPS (`req.secure`, which honours `TRUST_PROXY`) also
 * gets `upgrade-insecure-requests`, so that an `http://` cover link or redirect is loaded
 * over HTTPS like the page. A page served over plain HTTP (127.0.0.1, a test stack) does
 * not: there the upgrade would turn a cover host's plain-HTTP redirect into an HTTPS
 * request that host cannot answer.
 * @param ctx - the configuration
 * @param inlineScriptHashes - CSP hash sources (`'sha256-…'`) of the inline scripts the page
 *   runs (the boot script of `boot.json`); none when the client is not built
 */
export function securityHeaders(
  ctx: AppContext,
  inlineScriptHashes: readonly string[] = [],
): SecurityHeaders {
  const { config } = ctx;
  const imageOrigins = [
    ...config.imageOrigins,
    ...origins([config.COVERART_API_URL, config.LASTFM_API_URL, config.IMAGE_HOST_URL]),
  ];
  const headers = (upgradeInsecureRequests: boolean) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
          frameSrc: ["'self'", ...origins([config.CHATBOT_URL])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // helmet's default allows fonts from any https: origin; the client bundles its own.
          fontSrc: ["'self'"],
          // 'wasm-unsafe-eval': the barcode scanner compiles its WebAssembly decoder, served
          // by this app (EXTENSIONS.md §4); it allows no eval() of JavaScript. The page's boot
          // script (theme-init.js) runs inside the page, allowed by its hash alone.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScriptHashes],
          // The service worker (/sw.js, EXTENSIONS.md §9) and the web app manifest: this origin only.
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: upgradeInsecureRequests ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS only where the app is served over HTTPS (production behind TLS), never on plain development HTTP.
      strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  const overHttps = headers(config.isProduction);
  const overHttp = headers(false);
  const step: RequestHandler = (req, res, next) => (req.secure ? overHttps : overHttp)(req, res, next);
  const httpsHeaders = headersSetBy(overHttps);
  const httpHeaders = headersSetBy(overHttp);
  return Object.assign(step, {
    fixed: (req: IncomingMessage) => ((req as Request).secure ? httpsHeaders : httpHeaders),
  });
}

/**
 * The headers a helmet step sets, recorded once by running it on a stand-in answer (helmet's
 * headers depend on nothing of the request: its options are fixed when it is made).
 */
function headersSetBy(step: RequestHandler): [string, string][] {
  const set = new Map<string, [string, string]>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      set.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  };
  step({} as Request, recorder as unknown as Response, () => undefined);
  return [...set.values()];
}

/**
 * Installs the security headers (after the URL length limit, before the fallback cover).
 * @param app - the app being built
 * @param security - the step made by {@link securityHeaders} (made first: the covers' step uses its headers)
 */
export function installSecurityHeaders(app: Express, security: SecurityHeaders): void {
  app.use(security);
}
