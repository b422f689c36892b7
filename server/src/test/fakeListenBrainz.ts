/**
 * A local fake of ListenBrainz's documented API (API.md "ListenBrainz"), for the server
 * tests (issue 23), started on 127.0.0.1 on a free port:
 *
 * - `GET /1/validate-token` with `Authorization: Token <t>` → `{code: 200, message: "Token valid.",
 *   valid: true, user_name}`, or `{code: 200, message: "Token invalid.", valid: false}`;
 * - `POST /1/submit-listens` with ListenBrainz's validation rules and error messages
 *   (`{code: 400, error}`), 401 `{code: 401, error: "Invalid authorization token."}`;
 *   listens already stored (same user, `listened_at` and track) are ignored, as ListenBrainz does;
 * - `GET /1/user/{name}/listens?count=&max_ts=` or `&min_ts=` (not both: 400) → `{payload: {count, listens, user_id,
 *   latest_listen_ts, oldest_listen_ts}}`, newest first, each listen with `inserted_at` and `recording_msid`;
 * - every answer carries `X-RateLimit-Limit`, `-Remaining`, `-Reset-In` and `-Reset`; past the
 *   limit of the window the answer is a plain-text 429;
 * - switches: the next N answers 503 / 429 / 401 (`failNext`);
 * - a log of every request (`requests`) and the stored listens (`listens`).
 *
 * Run as a program (`node --import tsx fakeListenBrainz.ts --port N`: the browser journeys)
 * it is driven over HTTP: `POST /__fake/users` `{token, user_name}`, `POST /__fake/fail`
 * `{status, count}`, `GET /__fake/listens` (the stored listens), `GET /__fake/health`.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** One listen as stored by the fake. */
export interface FakeListen {
  user_name: string;
  listened_at: number;
  track_metadata: {
    artist_name: string;
    track_name: string;
    release_name?: string;
    additional_info?: Record<string, unknown>;
  };
}

/** One request the fake received. */
interface FakeLbRequest {
  method: string;
  path: string;
  /** `Date.now()` when it arrived. */
  at: number;
  /** The token of the `Authorization` header, if any. */
  token: string | undefined;
  /** The raw body (submit-listens). */
  body: string;
  /** The status answered. */
  status: number;
  /** The `X-RateLimit-Reset-In` answered (seconds). */
  resetIn: number;
}

export interface FakeListenBrainz {
  /** e.g. `http://127.0.0.1:40123`: set it as `LISTENBRAINZ_API_URL`. */
  url: string;
  /** Makes `token` valid for `userName`. */
  addUser(token: string, userName: string): void;
  /** Makes a token invalid from now on (revoked). */
  revoke(token: string): void;
  /** The next `count` answers (of any route but the control ones) are this status. */
  failNext(status: 503 | 429 | 401 | 400, count: number): void;
  /** Answers after this many ms (default 0). */
  setDelay(ms: number): void;
  /** Holds every answer from now on until the returned function is called. */
  hold(): () => void;
  /** The most requests of one token that were in progress at the same time. */
  maxInFlight(): number;
  /** Rate limit: `limit` requests per `windowSeconds` (default 1000 per 10 s). */
  setRateLimit(limit: number, windowSeconds: number): void;
  requests: FakeLbRequest[];
  listens: FakeListen[];
  reset(): void;
  close(): Promise<void>;
}

const MAX_LISTENS_PER_REQUEST = 1000;
const LISTEN_MINIMUM_TS = 1033430400;

/** A stable UUID-shaped id of a listen's artist, track and release names (ListenBrainz's MessyBrainz id). */
function msidOf(listen: FakeListen): string {
  const m = listen.track_metadata;
  const hex = createHash('sha256')
    .update(`${m.artist_name}\u0000${m.track_name}\u0000${m.release_name ?? ''}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Thrown by the validation: a 400 with ListenBrainz's message. */
class BadRequest extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * ListenBrainz's checks of a submit-listens document (listenbrainz/webserver/views/api_tools.py).
 * @throws BadRequest with ListenBrainz's message
 */
function validateSubmission(raw: string): { listenType: string; payload: Array<Record<string, unknown>> } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (err) {
    throw new BadRequest(`Cannot parse JSON document: ${(err as Error).message}`);
  }
  if (!isObject(data) || !('payload' in data) || !('listen_type' in data))
    throw new BadRequest('Invalid JSON document submitted.');
  const payload = data.payload;
  if (!Array.isArray(payload))
    throw new BadRequest('The payload in the JSON document should be a list of listens.');
  if (payload.length === 0) throw new BadRequest('JSON document does not contain any listens');
  if (payload.length > MAX_LISTENS_PER_REQUEST)
    throw new BadRequest(
      `Too many listens. You may not submit more than ${MAX_LISTENS_PER_REQUEST} listens at once.`,
    );
  const listenType = data.listen_type;
  if (listenType !== 'single' && listenType !== 'import' && listenType !== 'playing_now')
    throw new BadRequest('JSON document requires a valid listen_type key.');
  if (listenType !== 'import' && payload.length > 1)
    throw new BadRequest(
      'JSON document contains more than listen for a single/playing_now. It should contain only one.',
    );
  for (const listen of payload as unknown[]) {
    if (!isObject(listen)) throw new BadRequest('Listen must be a JSON object.');
    if (listenType === 'playing_now') {
      if ('listened_at' in listen)
        throw new BadRequest('JSON document should not contain listened_at while submitting playing_now.');
    } else {
      if (!('listened_at' in listen))
        throw new BadRequest('JSON document must contain the key listened_at at the top level.');
      const at = listen.listened_at;
      if (typeof at !== 'number' || !Number.isInteger(at))
        throw new BadRequest('JSON document must contain an int value for listened_at.');
      if (at < LISTEN_MINIMUM_TS)
        throw new BadRequest(
          `Value for key listened_at is too low. listened_at timestamp should be greater than ${LISTEN_MINIMUM_TS}.`,
        );
    }
    const meta = listen.track_metadata;
    if (!isObject(meta))
      throw new BadRequest('JSON document must contain the key track_metadata at the top level.');
    if (typeof meta.artist_name !== 'string' || meta.artist_name.trim() === '')
      throw new BadRequest('JSON document does not contain required track_metadata.artist_name.');
    if (typeof meta.track_name !== 'string' || meta.track_name.trim() === '')
      throw new BadRequest('JSON document does not contain required track_metadata.track_name.');
    if ('additional_info' in meta) {
      const info = meta.additional_info;
      if (!isObject(info)) throw new BadRequest('additional_info must be a JSON object.');
      for (const key of ['duration_ms', 'duration']) {
        if (key in info) {
          const v = info[key];
          if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0)
            throw new BadRequest(`Value for ${key} is invalid, should be a positive integer.`);
        }
      }
    }
  }
  return { listenType, payload: payload as Array<Record<string, unknown>> };
}

/**
 * Starts the fake on 127.0.0.1 on a free port.
 * @param options.clock - the time source in ms (default `Date.now`), for the rate limit window
 */
export async function startFakeListenBrainz(
  options: { clock?: () => number; port?: number } = {},
): Promise<FakeListenBrainz> {
  const now = options.clock ?? Date.now;
  const users = new Map<string, string>();
  const requests: FakeLbRequest[] = [];
  const listens: FakeListen[] = [];
  const failures: Array<503 | 429 | 401 | 400> = [];
  let delayMs = 0;
  let held: Promise<void> | undefined;
  let releaseHeld = () => {};
  const inFlight = new Map<string, number>();
  let maxInFlight = 0;
  let limit = 1000;
  let windowMs = 10_000;
  let windowStart = now();
  let used = 0;

  const send = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string>,
    plain = false,
  ): void => {
    const text = plain ? String(body) : JSON.stringify(body);
    res.writeHead(status, {
      ...headers,
      'Content-Type': plain ? 'text/plain; charset=utf-8' : 'application/json',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  /** The control routes of the fake run as a program (not logged, not rate limited). */
  const control = (method: string, pathname: string, body: string, res: http.ServerResponse): void => {
    const input = (): Record<string, unknown> => {
      try {
        const parsed: unknown = JSON.parse(body || '{}');
        return isObject(parsed) ? parsed : {};
      } catch {
        return {};
      }
    };
    if (method === 'GET' && pathname === '/__fake/health') return send(res, 200, { status: 'ok' }, {});
    if (method === 'GET' && pathname === '/__fake/listens') return send(res, 200, listens, {});
    if (method === 'POST' && pathname === '/__fake/users') {
      const { token, user_name: userName } = input();
      if (typeof token !== 'string' || typeof userName !== 'string')
        return send(res, 400, { error: 'token and user_name are needed' }, {});
      users.set(token, userName);
      return send(res, 204, '', {}, true);
    }
    if (method === 'POST' && pathname === '/__fake/fail') {
      const { status, count } = input();
      if (![503, 429, 401, 400].includes(status as number) || typeof count !== 'number')
        return send(res, 400, { error: 'status 503/429/401/400 and count are needed' }, {});
      for (let i = 0; i < count; i++) failures.push(status as 503 | 429 | 401 | 400);
      return send(res, 204, '', {}, true);
    }
    send(res, 404, { error: 'no such control route' }, {});
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname.startsWith('/__fake/')) {
        control(req.method ?? 'GET', url.pathname, body, res);
        return;
      }
      const auth = /^Token\s+(.+)$/i.exec(req.headers.authorization ?? '');
      const token = auth?.[1]?.trim();
      const entry: FakeLbRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        at: now(),
        token,
        body,
        status: 0,
        resetIn: 0,
      };
      requests.push(entry);
      const key = token ?? '';
      inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      maxInFlight = Math.max(maxInFlight, inFlight.get(key)!);
      const answer = (status: number, value: unknown, plain = false) => {
        entry.status = status;
        entry.resetIn = Number(rateHeaders['X-RateLimit-Reset-In']);
        const go = () =>
          setTimeout(() => {
            inFlight.set(key, inFlight.get(key)! - 1);
            send(res, status, value, rateHeaders, plain);
          }, delayMs);
        if (held) void held.then(go);
        else go();
      };
      // The window of the rate limit.
      const t = now();
      if (t - windowStart >= windowMs) {
        windowStart = t;
        used = 0;
      }
      used += 1;
      const resetInMs = windowStart + windowMs - t;
      const rateHeaders = {
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Remaining': String(Math.max(0, limit - used)),
        'X-RateLimit-Reset-In': String(Math.max(0, Math.ceil(resetInMs / 1000))),
        'X-RateLimit-Reset': String(Math.ceil((windowStart + windowMs) / 1000)),
      };
      if (used > limit) {
        answer(429, 'Too many requests. Please wait a moment and try again.', true);
        return;
      }
      const failure = failures.shift();
      if (failure === 503) return answer(503, { code: 503, error: 'Service Unavailable' });
      if (failure === 429) return answer(429, 'Too many requests. Please wait a moment and try again.', true);
      if (failure === 401) return answer(401, { code: 401, error: 'Invalid authorization token.' });
      if (failure === 400)
        return answer(400, {
          code: 400,
          error: 'JSON document must contain the key listened_at at the top level.',
        });

      const userName = token === undefined ? undefined : users.get(token);
      if (req.method === 'GET' && url.pathname === '/1/validate-token') {
        if (token === undefined)
          return answer(400, { code: 400, error: 'You need to provide an Authorization token.' });
        if (userName === undefined)
          return answer(200, { code: 200, message: 'Token invalid.', valid: false });
        return answer(200, { code: 200, message: 'Token valid.', valid: true, user_name: userName });
      }
      if (req.method === 'POST' && url.pathname === '/1/submit-listens') {
        if (userName === undefined) return answer(401, { code: 401, error: 'Invalid authorization token.' });
        let parsed: ReturnType<typeof validateSubmission>;
        try {
          parsed = validateSubmission(body);
        } catch (err) {
          if (err instanceof BadRequest) return answer(400, { code: 400, error: err.message });
          throw err;
        }
        if (parsed.listenType !== 'playing_now') {
          for (const listen of parsed.payload) {
            const meta = listen.track_metadata as FakeListen['track_metadata'];
            const at = listen.listened_at as number;
            const duplicate = listens.some(
              (l) =>
                l.user_name === userName &&
                l.listened_at === at &&
                l.track_metadata.track_name === meta.track_name,
            );
            if (!duplicate) listens.push({ user_name: userName, listened_at: at, track_metadata: meta });
          }
        }
        return answer(200, { status: 'ok' });
      }
      const userListens = /^\/1\/user\/([^/]+)\/listens$/.exec(url.pathname);
      if (req.method === 'GET' && userListens) {
        const name = decodeURIComponent(userListens[1]!);
        const count = Math.min(1000, Number(url.searchParams.get('count') ?? 25));
        const maxTs = url.searchParams.get('max_ts');
        const minTs = url.searchParams.get('min_ts');
        // As ListenBrainz's API documents it: "You may specify max_ts or min_ts, but not both in
        // one call"; with min_ts, the listens just after it (the oldest ones), newest first.
        if (maxTs !== null && minTs !== null)
          return answer(400, { code: 400, error: 'You may only specify max_ts or min_ts, not both.' });
        const mine = listens
          .filter((l) => l.user_name === name)
          .filter((l) => (maxTs === null ? true : l.listened_at < Number(maxTs)))
          .filter((l) => (minTs === null ? true : l.listened_at > Number(minTs)));
        const selected =
          minTs === null
            ? mine.sort((a, b) => b.listened_at - a.listened_at).slice(0, count)
            : mine
                .sort((a, b) => a.listened_at - b.listened_at)
                .slice(0, count)
                .reverse();
        // As ListenBrainz lists them: each with `inserted_at` and a `recording_msid` (a stable id of
        // the track's names), and the user's newest and oldest listen times.
        const own = listens.filter((l) => l.user_name === name).map((l) => l.listened_at);
        return answer(200, {
          payload: {
            count: selected.length,
            listens: selected.map((l) => ({
              inserted_at: l.listened_at,
              listened_at: l.listened_at,
              recording_msid: msidOf(l),
              track_metadata: l.track_metadata,
              user_name: l.user_name,
            })),
            user_id: name,
            latest_listen_ts: own.length === 0 ? 0 : Math.max(...own),
            oldest_listen_ts: own.length === 0 ? 0 : Math.min(...own),
          },
        });
      }
      answer(404, { code: 404, error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    addUser: (token, userName) => void users.set(token, userName),
    revoke: (token) => void users.delete(token),
    failNext: (status, count) => {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    hold: () => {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      releaseHeld = () => {
        held = undefined;
        release();
      };
      return releaseHeld;
    },
    maxInFlight: () => maxInFlight,
    setRateLimit: (l, w) => {
      limit = l;
      windowMs = w * 1000;
      windowStart = now();
      used = 0;
    },
    requests,
    listens,
    reset: () => {
      requests.length = 0;
      listens.length = 0;
      failures.length = 0;
      delayMs = 0;
      releaseHeld();
      maxInFlight = 0;
      limit = 1000;
      windowMs = 10_000;
      used = 0;
      windowStart = now();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `--name value` from the command line. */
function argument(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(argv: string[]): Promise<void> {
  const port = Number(argument(argv, 'port') ?? 4011);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be 0..65535');
  const fake = await startFakeListenBrainz({ port });
  process.stdout.write(`Fake ListenBrainz listening on ${fake.url}\nLISTENBRAINZ_API_URL=${fake.url}\n`);
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`fake ListenBrainz: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
