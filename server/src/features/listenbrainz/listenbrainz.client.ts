/**
 * The ListenBrainz HTTP API as Spincrate uses it (API.md "ListenBrainz"): token validation,
 * listen submission with its `X-RateLimit-*` headers, and a user's listens. The base URL is
 * `LISTENBRAINZ_API_URL`. The token goes only into the `Authorization` header and is never logged.
 */
import type { Config } from '@/config.js';

/** ListenBrainz could not be reached (network error, time-out). */
export class ListenBrainzUnreachableError extends Error {
  /**
   * @param rateLimit - the `X-RateLimit-*` of the answer, when there was one (e.g. a 429)
   */
  constructor(
    message: string,
    readonly rateLimit?: RateLimit,
  ) {
    super(message);
    this.name = 'ListenBrainzUnreachableError';
  }
}

/** ListenBrainz refused the token (401): it was revoked or changed. */
export class ListenBrainzTokenRefusedError extends Error {
  /** @param message - ListenBrainz's message */
  constructor(message: string) {
    super(message);
    this.name = 'ListenBrainzTokenRefusedError';
  }
}

/** What the `X-RateLimit-*` headers said (null when absent). */
export interface RateLimit {
  remaining: number | null;
  /** Seconds until the window resets. */
  resetInSeconds: number | null;
}

/** One answer of ListenBrainz. */
export interface LbAnswer {
  status: number;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
  rateLimit: RateLimit;
}

function numberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

async function call(
  config: Config,
  path: string,
  token: string | undefined,
  init: { method: 'GET' | 'POST'; body?: string },
): Promise<LbAnswer> {
  const url = new URL(path, config.LISTENBRAINZ_API_URL);
  const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'Spincrate' };
  if (token !== undefined) headers.Authorization = `Token ${token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: init.method,
      headers,
      body: init.body,
      signal: AbortSignal.timeout(config.LISTENBRAINZ_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (err) {
    const cause = (err as { cause?: { code?: unknown } }).cause;
    const code = typeof cause?.code === 'string' ? cause.code : (err as Error).name;
    throw new ListenBrainzUnreachableError(`ListenBrainz could not be reached (${code})`);
  }
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // A plain-text answer (e.g. the 429) stays text.
  }
  return {
    status: response.status,
    body,
    rateLimit: {
      remaining: numberHeader(response.headers, 'X-RateLimit-Remaining'),
      resetInSeconds: numberHeader(response.headers, 'X-RateLimit-Reset-In'),
    },
  };
}

/**
 * Asks ListenBrainz whether a token is valid (`GET /1/validate-token`).
 * @returns `{valid: true, userName}` or `{valid: false}`
 * @throws ListenBrainzUnreachableError when it cannot be reached or answers 5xx/429
 */
export async function validateToken(
  config: Config,
  token: string,
): Promise<{ valid: true; userName: string } | { valid: false }> {
  const answer = await call(config, '/1/validate-token', token, { method: 'GET' });
  if (answer.status >= 500 || answer.status === 429)
    throw new ListenBrainzUnreachableError(`ListenBrainz answered ${answer.status}`);
  const body = answer.body as { valid?: unknown; user_name?: unknown } | undefined;
  if (answer.status === 200 && body?.valid === true && typeof body.user_name === 'string')
    return { valid: true, userName: body.user_name };
  return { valid: false };
}

/**
 * Sends one submit-listens document, as it is (`POST /1/submit-listens`).
 * @param body - the JSON text, sent byte for byte
 * @throws ListenBrainzUnreachableError on a network error or time-out
 */
export function submitListens(config: Config, token: string, body: string): Promise<LbAnswer> {
  return call(config, '/1/submit-listens', token, { method: 'POST', body });
}

/** The message of a ListenBrainz error answer (`{code, error}`, or plain text). */
export function answerMessage(answer: LbAnswer): string {
  const body = answer.body as { error?: unknown } | string | undefined;
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 500);
  if (body && typeof body === 'object' && typeof body.error === 'string') return body.error.slice(0, 500);
  return `HTTP ${answer.status}`;
}

/** One listen as `GET /1/user/{name}/listens` returns it (the fields Spincrate reads). */
export interface LbListen {
  /** Unix seconds. */
  listened_at: number;
  track_metadata: {
    artist_name: string;
    track_name: string;
    release_name?: string;
    additional_info?: Record<string, unknown>;
    /** The MusicBrainz ids ListenBrainz itself mapped the listen to (`release_mbid`, …). */
    mbid_mapping?: Record<string, unknown> | null;
  };
}

/** Most listens ListenBrainz gives in one answer (`count`). */
const LISTENS_PAGE_SIZE = 1000;

function isListen(value: unknown): value is LbListen {
  if (typeof value !== 'object' || value === null) return false;
  const listen = value as { listened_at?: unknown; track_metadata?: unknown };
  const meta = listen.track_metadata as { artist_name?: unknown; track_name?: unknown } | undefined;
  return (
    typeof listen.listened_at === 'number' &&
    Number.isInteger(listen.listened_at) &&
    typeof meta === 'object' &&
    meta !== null &&
    typeof meta.artist_name === 'string' &&
    typeof meta.track_name === 'string'
  );
}

/**
 * A user's listens (`GET /1/user/{name}/listens`), page by page (1,000 a request, newest
 * first, `max_ts` moving back), with the token in the `Authorization` header. `minTs` is
 * applied here, never sent: ListenBrainz takes `max_ts` or `min_ts`, not both, and answers a
 * `min_ts` request with the listens just after it, not the newest ones.
 * @param options.minTs - only listens after this Unix second (exclusive), all when absent
 * @param options.deadline - `Date.now()` after which no further page is asked for
 * @param options.maxPages - the most pages asked for
 * @returns the listens, newest first; malformed listens are left out
 * @throws ListenBrainzTokenRefusedError when ListenBrainz answers 401 (the token was revoked)
 * @throws ListenBrainzUnreachableError on a network error, a time-out, another answer than
 *   200 (with `rateLimit` for a 429), or when the deadline or page limit is reached
 */
export async function fetchUserListens(
  config: Config,
  token: string,
  userName: string,
  options: { minTs?: number; deadline: number; maxPages: number },
): Promise<LbListen[]> {
  const listens: LbListen[] = [];
  let maxTs: number | undefined;
  for (let page = 0; ; page++) {
    if (page >= options.maxPages || Date.now() > options.deadline)
      throw new ListenBrainzUnreachableError('ListenBrainz holds more listens than one import reads');
    const query = new URLSearchParams({ count: String(LISTENS_PAGE_SIZE) });
    if (maxTs !== undefined) query.set('max_ts', String(maxTs));
    const answer = await call(
      config,
      `/1/user/${encodeURIComponent(userName)}/listens?${query.toString()}`,
      token,
      { method: 'GET' },
    );
    if (answer.status === 401) throw new ListenBrainzTokenRefusedError(answerMessage(answer));
    if (answer.status !== 200)
      throw new ListenBrainzUnreachableError(`ListenBrainz answered ${answer.status}`, answer.rateLimit);
    const body = answer.body as { payload?: { listens?: unknown } } | undefined;
    const found = Array.isArray(body?.payload?.listens) ? body.payload.listens : [];
    const valid = found.filter(isListen);
    // Only listens before the last page's oldest one move the window back.
    const older = maxTs === undefined ? valid : valid.filter((l) => l.listened_at < maxTs!);
    if (older.length === 0) return listens;
    const { minTs } = options;
    listens.push(...(minTs === undefined ? older : older.filter((l) => l.listened_at > minTs)));
    maxTs = Math.min(...older.map((l) => l.listened_at));
    // The last page, or one reaching back to `minTs`: no older listen is wanted.
    if (found.length < LISTENS_PAGE_SIZE || (minTs !== undefined && maxTs <= minTs)) return listens;
  }
}
