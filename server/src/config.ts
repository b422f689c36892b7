/**
 * Server configuration, read once from the environment and validated with zod
 * (README "Configuration"). Start-up fails fast with a clear message when a value
 * is invalid or when `SESSION_SECRET` is missing under `NODE_ENV=production`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * How long shutdown waits for requests in flight before it closes their connections
 * (API.md "Running under faults": up to 10 s); `SHUTDOWN_GRACE_MS` sets another.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

/** The repository root (the folder that holds `database.sql`). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const url = z.url();
const port = z.coerce.number().int().min(0).max(65535);
const booleanText = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(5001),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalText,
    SPINCRATE_DATA_DIR: z.string().default('.data'),
    EMBEDDED_PG_PORT: port.default(54329),
    SESSION_SECRET: optionalText,
    TRUST_PROXY: booleanText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CLIENT_DIST: z.string().default('client/dist'),
    LASTFM_API_KEY: optionalText,
    LASTFM_API_URL: url.default('https://ws.audioscrobbler.com/2.0/'),
    MUSICBRAINZ_API_URL: url.default('https://musicbrainz.org/ws/2'),
    COVERART_API_URL: url.default('https://coverartarchive.org'),
    METADATA_TIMEOUT_MS: z.coerce.number().int().min(1).default(3000),
    MUSICBRAINZ_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
    IMAGE_ORIGINS: z
      .string()
      .default('https://lastfm.freetls.fastly.net https://archive.org https://*.archive.org'),
    COVER_HOSTS: optionalText,
    COVER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(250),
    CHATBOT_URL: optionalText.pipe(url.optional()),
    CHATBOT_NAME: z.string().default('Crate Digger'),
    CREATOR_USERNAME: z.string().default('spincrate'),
    IMAGE_HOST_URL: optionalText.pipe(url.optional()),
    REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
    PG_POOL_MAX: z.coerce.number().int().min(1).default(10),
    PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
    PG_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1).default(2000),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1).default(SHUTDOWN_GRACE_MS),
    LIST_CACHE_MB: z.coerce.number().min(1).default(16),
    PUBLIC_URL: optionalText.pipe(url.optional()),
    ETAG_SECRET: optionalText.pipe(z.string().min(32).optional()),
    LISTENBRAINZ_API_URL: url.default('https://api.listenbrainz.org'),
    LISTENBRAINZ_TOKEN_KEY: optionalText.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal digits (32 bytes)')
        .optional(),
    ),
    LISTENBRAINZ_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
    LISTENBRAINZ_RETRY_FIRST_MS: z.coerce.number().int().min(1).default(20_000),
    LISTENBRAINZ_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
    LISTENBRAINZ_POLL_MS: z.coerce.number().int().min(1).default(1000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required when NODE_ENV=production (a long random string)',
      });
    }
  });

/** The host name of a host or origin entry (`https://*.archive.org` → `*.archive.org`), lower case. */
function hostOfEntry(entry: string): string {
  return entry
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/:\d+$/, '')
    .toLowerCase();
}

/** Validated configuration; paths are absolute. */
export type Config = ReturnType<typeof loadConfig>;

/**
 * Reads and validates the configuration.
 * @param env - the variables to read (default `process.env`)
 * @throws Error listing every invalid variable
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    ...e,
    isProduction: e.NODE_ENV === 'production',
    dataDir: path.resolve(repoRoot, e.SPINCRATE_DATA_DIR),
    clientDist: path.resolve(repoRoot, e.CLIENT_DIST),
    imageOrigins: e.IMAGE_ORIGINS.split(/[\s,]+/).filter(Boolean),
    /**
     * The hosts covers are fetched from (API.md "Covers served by Spincrate"): `COVER_HOSTS`
     * (host names, `*.example.org` for its subdomains), by default the hosts of
     * `IMAGE_ORIGINS`, `COVERART_API_URL` and `IMAGE_HOST_URL`.
     */
    coverHosts: (
      e.COVER_HOSTS?.split(/[\s,]+/) ?? [
        ...e.IMAGE_ORIGINS.split(/[\s,]+/),
        e.COVERART_API_URL,
        e.IMAGE_HOST_URL ?? '',
      ]
    )
      .filter(Boolean)
      .map(hostOfEntry),
    /**
     * The origin users' browsers reach the app at (`PUBLIC_URL`, default
     * `http://localhost:PORT`): the fallback cover's URL is built from it, never from a
     * request's `Host` header (issue 20).
     */
    publicOrigin: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
  };
}
