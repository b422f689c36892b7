/**
 * The client's speed in a browser (`npm run perf:client`, issue 11; not part of npm test).
 *
 * Starts the real server on the built client (`npm run build` first; the root script does)
 * with a database of its own (an embedded PostgreSQL in a temporary folder), seeds a crate
 * of 20,000 records (deterministic: the same titles, artists and dates every run) and a
 * second user with 5,000, then in Debian's Chromium (/usr/bin/chromium, never a downloaded
 * browser) measures:
 * - the login screen (`/home`, logged out): bytes transferred (HTML, JS, CSS, images; as
 *   sent, compressed) and requests;
 * - at 375×812 with 4× CPU throttling (a mid-range phone): navigation → first cover
 *   painted, → all visible cards; re-sort (Artist [A-Z]) → first card updated; search →
 *   results; scroll to the last record; DOM elements; cards in the DOM; JS heap;
 * - Lighthouse 12, mobile and desktop, on `/home` and on the 5,000-record collection;
 * - the installable app (EXTENSIONS.md §9): Chromium's installability check of `/home`
 *   (Lighthouse 12 has no installability audit any more), the service worker's time to
 *   control the page and its precache.
 * During the re-sort and the search it also reports the longest main-thread task (Long
 * Tasks API); `PERF_TRACE=dir` writes a Chromium trace of each to `dir/re-sort.json` and
 * `dir/search.json`, and one of the phone's measured navigation to `dir/navigation.json`.
 * Covers are on another origin, as real users' are (issue 27): a local TLS host with a name of
 * its own (`covers.perf.spincrate.test`, mapped to 127.0.0.1 by Chromium's host resolver
 * rules; a self-signed certificate made with `openssl` at start, accepted by the browser)
 * serves 48 distinct 300×300 JPEGs, and every seeded record's `coverart` names one of them.
 * `PERF_COVERS=own` (the default) stores their thumbnails as the cover worker would
 * (`covers` table, `cover` set on every record: the browser loads `/covers/…` from
 * Spincrate); `PERF_COVERS=hotlinked` leaves `cover: null`, so the browser loads the
 * third-party host (the "before" figures). The phone run reports the bytes and requests of
 * the first screen's covers.
 * Prints a table and writes it to `bench-results/client-<time>.md` (git-ignored).
 * `PERF_SKIP_LIGHTHOUSE=1` skips Lighthouse; `PERF_LOGIN_ONLY=1` measures only `/home` (no
 * seeding, no phone run); `PERF_SKIP_PHONE=1` skips the phone run and `PERF_SKIP_HOME=1`
 * Lighthouse on `/home` (for Lighthouse on the collection alone); `PERF_SKIP_SCROLL=1` ends
 * the phone run after the search (no scroll to the end, DOM and heap rows); `PERF_LHR=/tmp/x` writes
 * each Lighthouse report to `/tmp/x-<form>-<try>.json`; `PERF_SCREENSHOT=/tmp/x` saves the phone's screen after
 * the measured navigation to `/tmp/x-after-navigation.png`; `CLIENT_DIST` measures another build. Exit code 0 unless the set-up failed.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import sharp from 'sharp';
import { makeThumbnails } from '../src/features/covers/covers.fetch.js';
import { linkCoverToRecords } from '../src/features/covers/covers.queries.js';
import { PgCoverStore } from '../src/features/covers/covers.store.js';
import { coverKey } from '../src/lib/metadata/queue.js';
import { loadConfig, repoRoot } from '../src/config.js';
import { createLogger } from '../src/lib/logger.js';
import getPort from 'get-port';
import { startServer, type RunningServer } from '../src/server.js';
import { Relay } from './relay.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The cover host's own name (a reserved `.test` name, resolved only by the browser's rules). */
const COVER_HOST = 'covers.perf.spincrate.test';
/** How many distinct cover images the cover host serves. */
const COVER_IMAGES = 48;
/** `own`: the records have Spincrate's covers; `hotlinked`: only the third-party `coverart`. */
const COVERS_MODE = process.env.PERF_COVERS === 'hotlinked' ? 'hotlinked' : 'own';
/** Flags of the project's rules for Chromium on this machine, plus the cover host's name and certificate. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--host-resolver-rules=MAP ${COVER_HOST} 127.0.0.1`,
  // The cover host's certificate is self-signed (made at start); only this browser trusts it.
  '--ignore-certificate-errors',
];
const BIG_CRATE = 20_000;
const LIGHTHOUSE_CRATE = 5_000;
const PASSWORD = 'perf-password-1';
const PHONE = { width: 375, height: 812 };
const CPU_THROTTLE = 4;
/** Longest wait for one state in the browser. */
const STATE_TIMEOUT_MS = 120_000;
/**
 * Longest time for scrolling to the last of 20,000 records: the issue sets no time for it
 * (only that it works), and at 4× throttling each page after the first takes about 1.5 s
 * of the phone's work, for about 100 pages.
 */
const SCROLL_TIMEOUT_MS = 300_000;

type Row = [string, string, string];

async function post(base: string, url: string, body: unknown): Promise<Response> {
  return fetch(base + url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * Registers a user and fills their crate with `count` records in one statement; record g's
 * `coverart` is image `g % COVER_IMAGES` of the cover host at `coverBase`.
 */
async function seedCrate(
  running: RunningServer,
  username: string,
  count: number,
  coverBase: string,
): Promise<void> {
  const res = await post(running.url, '/api/user/register', { username, password: PASSWORD });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  await running.ctx.db.query(
    `INSERT INTO records (user_id, title, artist, mood_id, details, tags, coverart, date_added)
     SELECT $1,
            (ARRAY['Blue','Moon','Giant','Night','Red','Kind','Quiet','Electric'])[1 + g % 8] || ' ' ||
              (ARRAY['Train','Steps','River','Sessions','Garden','Avenue','Hours'])[1 + g % 7] || ' ' || g,
            'Artist ' || lpad((g * 7919 % 1500)::text, 4, '0'),
            1 + g % 20,
            'Pressing ' || g,
            ARRAY[(ARRAY['jazz','rock','soul','funk','ambient','blues'])[1 + g % 6]],
            $3 || (g % $4) || '.jpg',
            timestamptz '2026-01-01 00:00:00+00' - g * interval '37 minutes'
       FROM generate_series(1, $2::int) AS g`,
    [id, count, coverBase, COVER_IMAGES],
  );
}

/** The cover images: 300×300 JPEGs (as a Last.fm `300x300` cover), each of its own colours. */
async function coverImages(): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: COVER_IMAGES }, (_, i) =>
      sharp({
        create: {
          width: 300,
          height: 300,
          channels: 3,
          background: { r: (i * 53) % 256, g: (i * 97) % 256, b: (i * 151) % 256 },
          noise: { type: 'gaussian', mean: 110 + (i % 40), sigma: 18 },
        },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
}

/**
 * Starts the third-party cover host: HTTPS on 127.0.0.1 with a self-signed certificate for
 * COVER_HOST (made with `openssl` in `dir`), serving `/i/<n>.jpg` with a day of caching, as
 * image hosts do.
 * @returns the base URL of the images (`https://COVER_HOST:<port>/i/`) and a stop function
 */
async function startCoverHost(
  dir: string,
  images: Buffer[],
): Promise<{ base: string; stop: () => Promise<void> }> {
  const key = path.join(dir, 'cover-host.key');
  const cert = path.join(dir, 'cover-host.crt');
  await new Promise<void>((resolve, reject) =>
    execFile(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        `/CN=${COVER_HOST}`,
        '-addext',
        `subjectAltName=DNS:${COVER_HOST}`,
      ],
      (err) => (err ? reject(err) : resolve()),
    ),
  );
  const server = https.createServer({ key: await readFile(key), cert: await readFile(cert) }, (req, res) => {
    const n = /^\/i\/(\d+)\.jpg$/.exec(req.url ?? '')?.[1];
    const image = n === undefined ? undefined : images[Number(n)];
    if (!image) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'image/jpeg',
      'Content-Length': image.length,
      'Cache-Control': 'public, max-age=86400',
    });
    res.end(image);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `https://${COVER_HOST}:${port}/i/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Gives every seeded record Spincrate's own cover, as the cover worker does after a fetch:
 * both thumbnails stored once per source, then linked to the records (`cover` set).
 */
async function storeOwnCovers(running: RunningServer, coverBase: string, images: Buffer[]): Promise<void> {
  const store = new PgCoverStore(running.ctx.db);
  for (const [n, image] of images.entries()) {
    const source = `${coverBase}${n}.jpg`;
    const key = coverKey(source);
    await store.put(key, source, await makeThumbnails(image));
    await linkCoverToRecords(running.ctx.db, key, source);
  }
}

async function logIn(page: Page, base: string, username: string): Promise<void> {
  const res = await page.request.post(`${base}/api/user/login`, {
    data: { username, password: PASSWORD },
    headers: { Origin: base },
  });
  if (res.status() !== 200) throw new Error(`login failed: ${res.status()}`);
}

/**
 * A phone's browser context (375×812, touch) whose measuring predicates, strings evaluated
 * in the page, are allowed past the app's CSP.
 * @param serviceWorkers - `'block'` for a first visit measured without the service worker
 */
function phoneContext(
  browser: Browser,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    bypassCSP: true,
    serviceWorkers,
  });
}

/**
 * The collection opened again on the phone (4× CPU) once the service worker controls the
 * app (EXTENSIONS.md §9): the app's files from its precache, the first screen's covers
 * from its covers cache (both kept from the first visit); the browser's HTTP cache is
 * cleared, the list is asked of the server. Navigation to the first cover shown, in ms.
 */
async function returnVisitRows(browser: Browser, base: string, username: string): Promise<Row[]> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STATE_TIMEOUT_MS);
    await logIn(page, base, username);
    await page.goto(`${base}/user/profile`, { waitUntil: 'commit' });
    await until(page, FIRST_COVER, Date.now());
    // Installed and activated (the precache complete), then controlling this page.
    await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, {
      timeout: STATE_TIMEOUT_MS,
    });
    await page.goto(`${base}/home`, { waitUntil: 'commit' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    const start = Date.now();
    await page.goto(`${base}/user/profile`, { waitUntil: 'commit' });
    return [
      [
        'navigation → first cover (return visit, service worker in control)',
        `${await until(page, FIRST_COVER, start)} ms`,
        '≤ 1000 ms',
      ],
    ];
  } finally {
    await context.close();
  }
}

/** The login screen's transfer: every response's encoded body plus headers. */
async function loginScreenBytes(browser: Browser, base: string): Promise<Row[]> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let requests = 0;
  const errors: string[] = [];
  const urls = new Map<string, string>();
  const perRequest: [string, number][] = [];
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
    urls.set(e.requestId, e.request.url);
  });
  let workerBytes = 0;
  let workerRequests = 0;
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    const pathname = new URL(urls.get(e.requestId) ?? base).pathname;
    // The service worker's registration starts after the screen has loaded and the browser
    // is idle (client/src/lib/pwa/scheduleServiceWorker.ts): counted on a row of its own.
    if (SERVICE_WORKER_FILES.test(pathname)) {
      workerBytes += e.encodedDataLength;
      workerRequests += 1;
      return;
    }
    bytes += e.encodedDataLength;
    requests += 1;
    perRequest.push([pathname, e.encodedDataLength]);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${base}/home`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Login' }).waitFor({ timeout: STATE_TIMEOUT_MS });
  await context.close();
  // Which requests make up the total (largest first), for the table's reader.
  const breakdown = perRequest
    .sort((a, b) => b[1] - a[1])
    .map(([url, size]): Row => [`  ${url}`, `${(size / 1024).toFixed(1)} KB`, '']);
  return [
    ...breakdown,
    ['login screen: transferred', `${(bytes / 1024).toFixed(1)} KB in ${requests} requests`, '≤ 100 KB'],
    ['login screen: console errors', String(errors.length), '0'],
    [
      '  then, once idle: service worker registration',
      `${(workerBytes / 1024).toFixed(1)} KB in ${workerRequests} requests`,
      '',
    ],
  ];
}

/**
 * The page's files of the service worker's registration (EXTENSIONS.md §9): its chunk,
 * workbox-window and the worker itself; the worker's own downloads (the precache) are not
 * the page's requests.
 */
const SERVICE_WORKER_FILES = /^\/(sw\.js|assets\/(registerServiceWorker|workbox-window)[^/]*\.js)$/;

/**
 * Chromium's installability check of `/home` (`Page.getInstallabilityErrors`: the manifest,
 * its icons, the start URL; what Lighthouse's installable-manifest audit read until
 * Lighthouse 12 dropped it), and how long after the page's load event the service worker
 * controls the page, with what it precached. Playwright's context is incognito-like, which
 * Chromium reports too (`in-incognito`): left out.
 */
async function installabilityRows(browser: Browser, base: string): Promise<Row[]> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STATE_TIMEOUT_MS);
    await page.goto(`${base}/home`);
    const loaded = Date.now();
    // Strings evaluated in the page (the server's TypeScript has no DOM types).
    await page.waitForFunction('navigator.serviceWorker.controller !== null');
    const controlledMs = Date.now() - loaded;
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const errors = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
    const precache = (await page.evaluate(`(async () => {
      let files = 0;
      let bytes = 0;
      for (const name of await caches.keys()) {
        if (!name.includes('-precache-')) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          files += 1;
          bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
        }
      }
      return { files, bytes };
    })()`)) as { files: number; bytes: number };
    return [
      ["installable (Chromium's check of /home)", errors.length ? `no: ${errors.join(', ')}` : 'yes', 'yes'],
      [
        'service worker: controls /home after load · precache',
        `${controlledMs} ms · ${precache.files} files, ${(precache.bytes / 1024).toFixed(0)} KB (uncompressed)`,
        '',
      ],
    ];
  } finally {
    await context.close();
  }
}

/** Milliseconds from `since` until `predicate` holds in the page (polled each frame). */
async function until(page: Page, predicate: string, since: number): Promise<string> {
  try {
    await page.waitForFunction(predicate, undefined, { timeout: STATE_TIMEOUT_MS, polling: 'raf' });
    return String(Date.now() - since);
  } catch {
    return `> ${STATE_TIMEOUT_MS} (timed out)`;
  }
}

/** The chip of a screen showing the offline copy (EXTENSIONS.md §9). */
const OFFLINE_CHIP = `[...document.querySelectorAll('.offline-chip-region')].some((e) => /^Offline copy · synced/.test(e.textContent ?? ''))`;
const FIRST_COVER = `(() => { const img = document.querySelector('main img[width], #content ul img');
  return !!img && img.complete && img.naturalWidth > 0; })()`;
const VISIBLE_CARDS = `(() => { const imgs = [...document.querySelectorAll('#content ul img')]
  .filter((i) => { const r = i.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });
  return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0); })()`;
/** What the phone run searches for: the title words of 357 of the 20,000 records (seedCrate). */
const SEARCH_TEXT = 'Electric Hours';
const FIRST_ALT = `document.querySelector('#content ul img')?.getAttribute('alt') ?? ''`;

/**
 * Installed in the page before its scripts: keeps every long task (a main-thread task over
 * 50 ms, the Long Tasks API) as [start, duration] in ms of the page's clock.
 */
const LONG_TASK_OBSERVER = `window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}`;
/**
 * Installed in the page before its scripts: keeps when the first-visit loading screen
 * (`#crate-loading`, PRODUCT.md §2 "Collection page": "On the first visit of a browser session a
 * spinning-logo loading screen shows for 1 second") was shown and when it went, in ms of the
 * page's clock (from the navigation's start): nothing under it is seen before it goes.
 */
const LOADING_SCREEN_OBSERVER = `window.__loadingScreen = {};
  new MutationObserver(() => {
    const seen = window.__loadingScreen;
    const screen = document.getElementById('crate-loading');
    if (seen.shown === undefined && screen && !screen.hidden) seen.shown = performance.now();
    if (seen.shown !== undefined && seen.gone === undefined && !screen) seen.gone = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });`;
/**
 * Installed in the page before its scripts, for the offline starts: checks in every animation
 * frame whether the first cover has loaded ({@link FIRST_COVER}) with no loading screen over it
 * (the first visit's, PRODUCT.md §2, covers the whole page) and whether the chip "Offline
 * copy" shows ({@link OFFLINE_CHIP}), and keeps the first frame each was true, in ms of the page's
 * clock. The page checks itself, as `waitForFunction`'s `raf` polling would, so that nothing of
 * Playwright's is evaluated in the page while it starts: the first `waitForFunction` of a page
 * evaluates Playwright's injected script there (330 KB; 170 ms of the main thread at 4× CPU,
 * right before the boot script ran), which no user's phone does. Read with {@link pageMark}.
 */
const START_OBSERVER = `window.__start = {};
  (function frame() {
    const seen = window.__start;
    if (seen.cover === undefined && ${FIRST_COVER} && !document.querySelector('.spincrate-loading:not([hidden])'))
      seen.cover = performance.now();
    if (seen.chip === undefined && ${OFFLINE_CHIP}) seen.chip = performance.now();
    if (seen.cover === undefined || seen.chip === undefined) requestAnimationFrame(frame);
  })();`;

/**
 * Waits for the page's {@link START_OBSERVER} to have seen `state` and returns ms from `since`
 * (epoch ms) to the frame it was seen in (the page's `timeOrigin` plus its time), asking over
 * DevTools' own `Runtime.evaluate` every 50 ms (no Playwright script in the page).
 * @param cdp - the page's DevTools session
 * @param state - which state: the first cover or the chip
 * @param since - epoch ms the measure starts at (just before the navigation)
 */
async function pageMark(cdp: CDPSession, state: 'cover' | 'chip', since: number): Promise<string> {
  const deadline = Date.now() + STATE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const answer = (await cdp
      .send('Runtime.evaluate', {
        expression: `(() => { const t = window.__start?.${state}; return t === undefined ? null : performance.timeOrigin + t; })()`,
        returnByValue: true,
      })
      .catch(() => undefined)) as { result?: { value?: unknown } } | undefined;
    const at = answer?.result?.value;
    if (typeof at === 'number') return String(Math.round(at - since));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return `> ${STATE_TIMEOUT_MS} (timed out)`;
}

/** How long after a measured state is reached its trailing tasks (effects, paint) are still counted. */
const SETTLE_MS = 500;

/**
 * With `PERF_TRACE=dir`, starts a Chromium trace on `cdp` (main thread, loading, V8 samples);
 * `stop(name)` writes it to `dir/<name>.json` (chrome://tracing or DevTools' Performance
 * panel). Undefined without `PERF_TRACE`.
 */
async function startTrace(cdp: CDPSession): Promise<{ stop(name: string): Promise<void> } | undefined> {
  const traceDir = process.env.PERF_TRACE;
  if (!traceDir) return undefined;
  const events: unknown[] = [];
  const collect = (e: { value: unknown[] }) => events.push(...e.value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'blink.user_timing',
        'loading',
        'latencyInfo',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'IndexedDB',
        'ServiceWorker',
      ],
    },
  });
  return {
    async stop(name: string) {
      const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.end');
      await done;
      cdp.off('Tracing.dataCollected', collect);
      await mkdir(traceDir, { recursive: true });
      await writeFile(path.join(traceDir, `${name}.json`), JSON.stringify({ traceEvents: events }));
    },
  };
}

/**
 * Runs `act` and waits for `predicate`, then reports:
 * - `ms`: the time from just before `act` (as `until`: it includes Playwright's own steps
 *   before the click or key press and its polling);
 * - `inPage`: in the page's clock, from the step's first input event (pointer press, key
 *   press or choice in a select) until the first frame after it that shows the state is on
 *   screen. The state is watched in the page from before the input, at every animation frame,
 *   so no round trip of this process is counted. When that frame is the first one after the
 *   input, its time on screen is the input's Event Timing entry (`startTime + duration`: the
 *   next paint's presentation, to 8 ms, as INP measures); otherwise, or without an entry, it
 *   is when a task posted from that frame's animation-frame callback runs (after its paint;
 *   later when other tasks were queued first);
 * - `afterFrame`: that second figure alone, for comparison;
 * - `longest`: the longest main-thread task that started meanwhile or within SETTLE_MS after
 *   (ms; "0" when none was over 50 ms).
 *
 * With `PERF_TRACE=dir`, a Chromium trace of it is written to `dir/<name>.json` (open it in
 * chrome://tracing or the DevTools Performance panel).
 */
async function measureStep(
  page: Page,
  cdp: CDPSession,
  name: string,
  act: () => Promise<void>,
  predicate: string,
): Promise<{ ms: string; inPage: string; afterFrame: string; longest: string }> {
  const trace = await startTrace(cdp);
  const pageStart = (await page.evaluate(`(() => {
    const since = performance.now();
    const step = { input: 0, framesWithout: 0, seenFrame: 0, seenAt: 0, events: [] };
    window.__step = step;
    for (const type of ['pointerdown', 'keydown', 'change']) {
      addEventListener(type, (e) => { if (!step.input) step.input = e.timeStamp; }, { capture: true, once: true });
    }
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) step.events.push([e.name, e.startTime, e.duration]);
      }).observe({ type: 'event', durationThreshold: 16 });
    } catch {}
    const check = () => {
      if (step.input && (${predicate})) {
        step.seenFrame = performance.now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { step.seenAt = performance.now(); };
        channel.port2.postMessage(0);
        return;
      }
      if (step.input) step.framesWithout += 1;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    return since;
  })()`)) as number;
  const start = Date.now();
  await act();
  const ms = await until(page, 'window.__step.seenAt > 0', start);
  // The input's Event Timing entry comes once its next paint is presented: waited for a moment.
  await page
    .waitForFunction(
      'window.__step.framesWithout > 0 || window.__step.events.some(([, at]) => Math.abs(at - window.__step.input) <= 1)',
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  const { inPage, afterFrame } = (await page.evaluate(`(() => {
    const step = window.__step;
    const afterFrame = step.seenAt - step.input;
    // The entries of the input event itself (a key press's keydown and keypress share its time).
    const ends = step.events
      .filter(([, at]) => Math.abs(at - step.input) <= 1)
      .map(([, at, duration]) => at + duration);
    const shown = step.framesWithout === 0 && ends.length ? Math.max(...ends) : 0;
    // A presentation before the frame that saw the state would be another frame's.
    return { inPage: shown >= step.seenFrame ? shown - step.input : afterFrame, afterFrame };
  })()`)) as { inPage: number; afterFrame: number };
  await page.waitForTimeout(SETTLE_MS);
  const tasks = (await page.evaluate('window.__longTasks')) as [number, number][];
  const longest = Math.max(0, ...tasks.filter(([at]) => at >= pageStart).map(([, d]) => d));
  await trace?.stop(name);
  return {
    ms,
    inPage: inPage.toFixed(0),
    afterFrame: afterFrame.toFixed(0),
    longest: longest.toFixed(0),
  };
}

/**
 * The server's part of a step: `GET <path>&limit=N` on the big crate (e.g. the re-sort's
 * `/api/record?sort=artist_asc`), asked 20 times in a row with a different `limit` each
 * (62–81, so the list cache never answers, and never 60, so the page's own request later
 * is not answered from it either), from this process (which also runs the
 * server): median wall time and this process's CPU time per request (the server and the
 * fetching client; PostgreSQL's own CPU not included).
 */
async function serverRows(page: Page, base: string, pathAndQuery: string): Promise<Row[]> {
  const label = `server: GET ${pathAndQuery}&limit=62…81`;
  // The page's request context carries its session cookie.
  const get = (limit: number) => page.request.get(`${base}${pathAndQuery}&limit=${limit}`);
  const walls: number[] = [];
  let cpu = process.cpuUsage();
  for (let i = -1; i < 20; i += 1) {
    // The first (limit 61) warms up and is not counted.
    if (i === 0) cpu = process.cpuUsage();
    const start = performance.now();
    const res = await get(62 + i);
    await res.body();
    if (res.status() !== 200) return [[label, `failed: ${res.status()}`, '']];
    if (i >= 0) walls.push(performance.now() - start);
  }
  cpu = process.cpuUsage(cpu);
  walls.sort((a, b) => a - b);
  return [
    [
      label,
      `${walls[10]!.toFixed(1)} ms p50 wall, ${((cpu.user + cpu.system) / 1000 / 20).toFixed(1)} ms CPU (node: server + client)`,
      '',
    ],
  ];
}

/** The phone measurements on the big crate. */
async function phoneRun(browser: Browser, base: string, username: string): Promise<Row[]> {
  // A first visit: no service worker yet (it registers once the first screen has loaded and
  // the browser is idle). Without the block, it installed during the warm-up in some runs and
  // not in others, so the measured navigation got the app's files from its cache or not
  // (first cover 550-630 ms against 880-1,010 ms on the same build): see returnVisitRows.
  const context = await phoneContext(browser, 'block');
  await context.addInitScript(LONG_TASK_OBSERVER);
  const page = await context.newPage();
  page.setDefaultTimeout(STATE_TIMEOUT_MS);
  await logIn(page, base, username);
  const rows: Row[] = [
    ...(await serverRows(page, base, '/api/record?sort=artist_asc')),
    ...(await serverRows(
      page,
      base,
      `/api/record/search?search=${encodeURIComponent(SEARCH_TEXT)}&sort=artist_asc`,
    )),
  ];
  const cdp = await context.newCDPSession(page);
  // The covers' transfer during the measured navigation: every image response, by origin.
  await cdp.send('Network.enable');
  const imageUrls = new Map<string, string>();
  const coverBytes = new Map<string, { bytes: number; requests: number }>();
  let countCovers = false;
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string; response: { url: string } }) => {
    if (e.type === 'Image') imageUrls.set(e.requestId, e.response.url);
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    const url = imageUrls.get(e.requestId);
    if (!countCovers || !url || !/^https?:/.test(url)) return;
    const origin = new URL(url).origin === base ? 'Spincrate' : new URL(url).host;
    const seen = coverBytes.get(origin) ?? { bytes: 0, requests: 0 };
    coverBytes.set(origin, { bytes: seen.bytes + e.encodedDataLength, requests: seen.requests + 1 });
  });
  // Warm the server (first query plans, the built files in the OS cache).
  await page.goto(`${base}/user/profile`, { waitUntil: 'commit' });
  await until(page, FIRST_COVER, Date.now());
  await page.goto(`${base}/home`, { waitUntil: 'commit' });
  // The covers are not in the browser's cache: a first visit's covers (the app's files are
  // fetched again too, from this machine).
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });

  countCovers = true;
  const navigationTrace = await startTrace(cdp);
  let start = Date.now();
  await page.goto(`${base}/user/profile`, { waitUntil: 'commit' });
  rows.push([
    'navigation → first cover (first visit)',
    `${await until(page, FIRST_COVER, start)} ms`,
    '≤ 1000 ms',
  ]);
  rows.push(['navigation → visible cards', `${await until(page, VISIBLE_CARDS, start)} ms`, '']);
  await navigationTrace?.stop('navigation');
  countCovers = false;
  rows.push([
    `first screen's covers (${COVERS_MODE})`,
    [...coverBytes]
      .map(([origin, t]) => `${(t.bytes / 1024).toFixed(1)} KB in ${t.requests} from ${origin}`)
      .join('; ') || 'none',
    '',
  ]);

  if (process.env.PERF_SCREENSHOT)
    await page.screenshot({ path: `${process.env.PERF_SCREENSHOT}-after-navigation.png` });
  const before = await page.evaluate(FIRST_ALT);
  // The sort control: radio buttons on a wide screen, a select on a phone (EXTENSIONS.md §11).
  // Playwright's own checks (scrolling into view, waiting for a still element) happen before
  // the clock starts; the timed step is the click or the choice itself.
  const radio = page.getByLabel('Artist [A-Z]');
  const select = page.getByRole('combobox', { name: 'Sort' });
  let act: () => Promise<void>;
  if (await select.count()) {
    await select.scrollIntoViewIfNeeded();
    act = async () => {
      await select.selectOption({ label: 'Artist [A-Z]' });
    };
  } else {
    await radio.scrollIntoViewIfNeeded();
    const box = (await radio.boundingBox())!;
    act = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  // The first card of the new order: a card is shown (not an emptied grid) and it changed.
  const sorted = await measureStep(
    page,
    cdp,
    're-sort',
    act,
    `(() => { const alt = ${FIRST_ALT}; return alt !== '' && alt !== ${JSON.stringify(before)}; })()`,
  );
  rows.push(['re-sort Artist [A-Z] → first card', `${sorted.ms} ms`, '≤ 300 ms']);
  rows.push(['  in the page: input → card on screen', `${sorted.inPage} ms`, '']);
  rows.push(['  in the page: input → first task after that frame', `${sorted.afterFrame} ms`, '']);
  rows.push(['re-sort: longest task', `${sorted.longest} ms`, '≤ 200 ms']);

  const search = page
    .getByRole('searchbox')
    .or(page.getByLabel(/search/i))
    .first();
  await search.fill(SEARCH_TEXT);
  await search.focus();
  const searched = await measureStep(
    page,
    cdp,
    'search',
    () => page.keyboard.press('Enter'),
    `/Electric Hours/.test(${FIRST_ALT})`,
  );
  rows.push(['search → results', `${searched.ms} ms`, '≤ 300 ms']);
  rows.push(['  in the page: input → results on screen', `${searched.inPage} ms`, '']);
  rows.push(['  in the page: input → first task after that frame', `${searched.afterFrame} ms`, '']);
  rows.push(['search: longest task', `${searched.longest} ms`, '≤ 200 ms']);
  const clear = page.getByRole('button', { name: /clear/i });
  if (await clear.count()) await clear.first().click();
  await page.waitForFunction(`!/Electric Hours/.test(${FIRST_ALT})`, undefined, {
    timeout: STATE_TIMEOUT_MS,
  });

  if (process.env.PERF_SKIP_SCROLL) {
    await context.close();
    return rows;
  }
  start = Date.now();
  let reachedEnd = false;
  // Scrolls until the oldest record ("… 20000" in the default newest-first order) is shown.
  if (await select.count()) await select.selectOption({ label: 'Newest Records' });
  else
    await page
      .getByLabel('Newest')
      .check()
      .catch(() => undefined);
  while (Date.now() - start < SCROLL_TIMEOUT_MS) {
    reachedEnd = await page.evaluate(
      `[...document.querySelectorAll('#content ul img')].some((i) => / ${BIG_CRATE}$/.test(i.alt))`,
    );
    if (reachedEnd) break;
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await page.waitForTimeout(50);
  }
  rows.push([
    'scroll to the last record',
    reachedEnd ? `${Date.now() - start} ms` : 'not reached',
    'reached',
  ]);
  const elements = await page.evaluate('document.getElementsByTagName("*").length');
  const cards = await page.evaluate('document.querySelectorAll("#content ul img").length');
  rows.push(['DOM elements (at the end)', String(elements), '']);
  rows.push(['cards in the DOM (at the end)', String(cards), '≤ 150']);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  rows.push(['JS heap (used)', `${(heap.usedSize / 1024 / 1024).toFixed(1)} MB`, '≤ 40 MB']);
  await context.close();
  return rows;
}

/** The machine's load average (1, 5, 15 minutes): the figures beside it depend on it. */
function loadRow(when: string): Row {
  return [
    `load average (1/5/15 min) ${when}`,
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / '),
    '',
  ];
}

/**
 * The offline copy's state as the page's IndexedDB holds it (records, when synced); null while
 * the database does not exist (never opened here first: that would create it empty).
 */
const COPY_STATE = `(async () => {
  const info = (await indexedDB.databases()).find((d) => d.name?.startsWith('spincrate-offline-'));
  if (!info) return null;
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open(info.name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    if (!db.objectStoreNames.contains('meta')) return null;
    const stores = ['meta', 'records', ...(db.objectStoreNames.contains('crate') ? ['crate'] : [])];
    const tx = db.transaction(stores, 'readonly');
    const ask = (request) => new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const meta = await ask(tx.objectStore('meta').get('state'));
    const snapshot = stores.includes('crate') ? await ask(tx.objectStore('crate').get('snapshot')) : undefined;
    return {
      syncedAt: meta?.syncedAt ?? null,
      records: await ask(tx.objectStore('records').count()),
      kept: snapshot !== undefined && snapshot.rev === meta?.recordsRev,
    };
  } finally {
    db.close();
  }
})()`;

/**
 * The offline copy on the big crate (EXTENSIONS.md §9, issue 24), in a phone (375×812, 4×
 * CPU) of its own, through a relay (relay.ts) so that "the server stopped" is the relay
 * stopped, for the page and its service worker alike:
 * 1. signed in and with the service worker in control, the collection is opened: the first
 *    sync of the 20,000 records (bytes of every `GET /api/sync/*` answer as sent, compressed,
 *    with headers; seconds from its first request until the copy says it is synced);
 * 2. the browser is closed, the relay stopped and the browser started again on the same
 *    profile (a cold start, as opening the app at the shop): navigation → the first frame
 *    with a cover loaded and → with the chip "Offline copy · synced", seen by the page itself
 *    ({@link START_OBSERVER}), and when the first-visit loading screen showed and went; then
 *    the first cover after a reload (warm);
 * 3. offline search ("Electric Hours", 357 of 20,000): key press → results shown (in the
 *    page: the Enter key's event → the first frame with the results), and the longest task.
 * @param profileDir - an empty folder for the browser's profile (it is reused for the restart)
 */
async function offlineRun(base: string, username: string, profileDir: string): Promise<Row[]> {
  const relay = new Relay(new URL(base));
  await relay.start();
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      args: CHROME_FLAGS.slice(1),
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    await context.addInitScript(LONG_TASK_OBSERVER);
    await context.addInitScript(LOADING_SCREEN_OBSERVER);
    await context.addInitScript(START_OBSERVER);
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(STATE_TIMEOUT_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    return { context, page, cdp };
  };
  const rows: Row[] = [loadRow('before the offline run')];
  let { context, page, cdp } = await launch();
  try {
    // The first sync's transfer: every answer of /api/sync/*.
    await cdp.send('Network.enable');
    const syncIds = new Set<string>();
    let syncBytes = 0;
    let syncStart = 0;
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => {
      if (!new URL(e.request.url).pathname.startsWith('/api/sync/')) return;
      syncIds.add(e.requestId);
      if (!syncStart) syncStart = Date.now();
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      if (syncIds.has(e.requestId)) syncBytes += e.encodedDataLength;
    });
    await page.goto(`${relay.url}/home`);
    await page.waitForFunction('navigator.serviceWorker.controller !== null');
    await logIn(page, relay.url, username);
    await page.goto(`${relay.url}/user/profile`);
    await until(page, FIRST_COVER, Date.now());
    type CopyState = { syncedAt: string | null; records: number; kept: boolean } | null;
    let copy: CopyState = null;
    const deadline = Date.now() + STATE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      copy = (await page.evaluate(COPY_STATE)) as CopyState;
      if (copy?.syncedAt) break;
      await page.waitForTimeout(100);
    }
    const syncMs = copy?.syncedAt ? Date.now() - syncStart : -1;
    rows.push([
      `first sync of ${BIG_CRATE} records (phone, ${CPU_THROTTLE}× CPU)`,
      syncMs < 0
        ? 'not finished'
        : `${(syncBytes / 1024 / 1024).toFixed(2)} MB in ${syncIds.size} requests, ${(syncMs / 1000).toFixed(1)} s (${copy?.records} records)`,
      '≤ 1.5 MB',
    ]);
    // The app left open a moment after the sync, as at home before leaving for the shop: the
    // copy keeps the crate as JSON at idle moments (lib/offline/read.ts).
    const keptDeadline = Date.now() + STATE_TIMEOUT_MS;
    while (syncMs >= 0 && Date.now() < keptDeadline && !copy?.kept) {
      await page.waitForTimeout(250);
      copy = (await page.evaluate(COPY_STATE)) as CopyState;
    }
    rows.push([
      'crate kept for the next start after the sync',
      copy?.kept ? `${((Date.now() - syncStart - syncMs) / 1000).toFixed(1)} s after the sync` : 'not kept',
      '',
    ]);

    // The server gone; the app opened again at the shop.
    await context.close();
    await relay.stop();
    ({ context, page, cdp } = await launch());
    const coldTrace = await startTrace(cdp);
    let start = Date.now();
    await page.goto(`${relay.url}/user/profile`, { waitUntil: 'commit' });
    rows.push([
      'offline start (cold) → first cover',
      `${await pageMark(cdp, 'cover', start)} ms`,
      '≤ 1500 ms',
    ]);
    rows.push(['offline start (cold) → chip "Offline copy"', `${await pageMark(cdp, 'chip', start)} ms`, '']);
    // The start's floor: the first visit of the browser session shows the loading screen for
    // 1 s once the page has painted, and the covers are seen only after it.
    const loadingScreen = await page
      .waitForFunction(
        'window.__loadingScreen?.gone !== undefined || window.__loadingScreen?.shown === undefined',
        undefined,
        {
          timeout: STATE_TIMEOUT_MS,
        },
      )
      .then(() => page.evaluate('window.__loadingScreen') as Promise<{ shown?: number; gone?: number }>)
      .catch(() => undefined);
    rows.push([
      'offline start (cold): first-visit loading screen (page clock)',
      loadingScreen?.shown === undefined
        ? 'not shown'
        : `shown at ${Math.round(loadingScreen.shown)} ms, gone at ${loadingScreen.gone === undefined ? '?' : Math.round(loadingScreen.gone)} ms`,
      'shown 1 s (PRODUCT.md §2)',
    ]);
    await coldTrace?.stop('offline-start');
    if (process.env.PERF_SCREENSHOT)
      await page.screenshot({ path: `${process.env.PERF_SCREENSHOT}-offline-start.png` });
    start = Date.now();
    await page.reload({ waitUntil: 'commit' });
    rows.push([
      'offline start (reload) → first cover',
      `${await pageMark(cdp, 'cover', start)} ms`,
      '≤ 1500 ms',
    ]);

    const search = page.getByRole('searchbox').first();
    await search.fill(SEARCH_TEXT);
    await search.focus();
    const searched = await measureStep(
      page,
      cdp,
      'offline-search',
      () => page.keyboard.press('Enter'),
      `/Electric Hours/.test(${FIRST_ALT})`,
    );
    rows.push([`offline search over ${BIG_CRATE} → results`, `${searched.ms} ms`, '']);
    rows.push(['  in the page: Enter → results on screen', `${searched.inPage} ms`, '≤ 100 ms']);
    rows.push(['  in the page: Enter → first task after that frame', `${searched.afterFrame} ms`, '']);
    rows.push(['offline search: longest task', `${searched.longest} ms`, '']);
  } finally {
    await context.close().catch(() => undefined);
    await relay.stop();
  }
  return rows;
}

/** Lighthouse 12 scores for a page, signed in with `cookie` when given. */
async function lighthouseRows(url: string, label: string, cookie?: string): Promise<Row[]> {
  const [{ default: lighthouse }, chromeLauncher, desktopConfig] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('lighthouse/core/config/desktop-config.js'),
  ]);
  const rows: Row[] = [];
  for (const form of ['mobile', 'desktop'] as const) {
    // One more try when Lighthouse itself fails (e.g. NO_FCP on an overloaded machine).
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
      try {
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
          },
          form === 'desktop' ? desktopConfig.default : undefined,
        );
        const lhr = result?.lhr;
        if (process.env.PERF_LHR)
          await writeFile(`${process.env.PERF_LHR}-${form}-${attempt}.json`, JSON.stringify(lhr));
        if (!lhr) throw new Error('Lighthouse gave no result');
        if (lhr.runtimeError) {
          console.error(`Lighthouse ${form} ${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          if (attempt === 1) continue;
        }
        // What keeps a category under 100: its failed audits, named on the console.
        for (const id of ['accessibility', 'best-practices', 'seo', 'performance'] as const) {
          const failed = (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
            .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`);
          if (failed.length) console.error(`Lighthouse ${form} ${label} ${id}: ${failed.join(', ')}`);
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.displayValue ?? '-';
        rows.push([
          `Lighthouse ${form}: ${label}`,
          `perf ${score('performance')} · a11y ${score('accessibility')} · bp ${score('best-practices')} · seo ${score('seo')}` +
            ` · LCP ${audit('largest-contentful-paint')} · TBT ${audit('total-blocking-time')} · CLS ${audit('cumulative-layout-shift')}`,
          'perf ≥ 95, others 100, CLS ≤ 0.02',
        ]);
        break;
      } finally {
        chrome.kill();
      }
    }
  }
  return rows;
}

async function sessionCookie(base: string, username: string): Promise<string> {
  const res = await post(base, '/api/user/login', { username, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('spincrate.sid='))!
    .split(';')[0]!;
}

function table(rows: Row[]): string {
  const header: Row = ['measure', 'value', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** `PERF_LOGIN_ONLY=1`: only the login screen (bytes, and Lighthouse on `/home`); no seeding. */
const loginOnly = Boolean(process.env.PERF_LOGIN_ONLY);

/**
 * `PERF_ONLY='offline|installable'`: only the groups of rows whose names match (a regular
 * expression): `login`, `installable`, `phone`, `offline`, `lighthouse-home`,
 * `lighthouse-collection`; unset, every group.
 */
const only = process.env.PERF_ONLY ? new RegExp(process.env.PERF_ONLY) : undefined;
const measures = (group: string): boolean => !only || only.test(group);
/** How many times the offline rows are measured, each in a new browser profile (`PERF_OFFLINE_RUNS`, default 2). */
const OFFLINE_RUNS = Math.max(1, Number(process.env.PERF_OFFLINE_RUNS ?? 2) || 2);

async function main(): Promise<number> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'spincrate-perf-'));
  let running: RunningServer | undefined;
  let browser: Browser | undefined;
  let stopCoverHost: (() => Promise<void>) | undefined;
  let failed = false;
  const rows: Row[] = [];
  try {
    const images = await coverImages();
    const coverHost = await startCoverHost(tempDir, images);
    stopCoverHost = coverHost.stop;
    // A known port: the fallback cover's URL names it (PUBLIC_URL, never the request's Host).
    const port = await getPort({ host: '127.0.0.1' });
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Seeding 20,000 rows in one statement outlasts the default 5 s on a busy machine.
      PG_STATEMENT_TIMEOUT_MS: '120000',
      SPINCRATE_DATA_DIR: tempDir,
      EMBEDDED_PG_PORT: '0',
      LASTFM_API_URL: 'http://127.0.0.1:9/2.0/',
      MUSICBRAINZ_API_URL: 'http://127.0.0.1:9/ws/2',
      COVERART_API_URL: 'http://127.0.0.1:9',
      // The third-party cover host (any port): allowed by the pages' CSP, as real image hosts are.
      IMAGE_ORIGINS: new URL(coverHost.base).origin,
      // Another build to measure (e.g. an older one, for a "before" row set).
      ...(process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST } : {}),
    });
    running = await startServer(config, createLogger('warn'));
    const base = running.url.replace('0.0.0.0', '127.0.0.1');
    const suffix = randomBytes(3).toString('hex');
    const big = `perf_big_${suffix}`;
    const mid = `perf_mid_${suffix}`;
    if (!loginOnly) {
      await seedCrate(running, big, BIG_CRATE, coverHost.base);
      await seedCrate(running, mid, LIGHTHOUSE_CRATE, coverHost.base);
      if (COVERS_MODE === 'own') await storeOwnCovers(running, coverHost.base, images);
      await running.ctx.db.query('ANALYZE');
      console.log(
        `Seeded ${BIG_CRATE} and ${LIGHTHOUSE_CRATE} records, covers ${COVERS_MODE} (${coverHost.base}); measuring in ${CHROMIUM}…`,
      );
    }

    rows.push(loadRow('at the start'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
    if (measures('login')) rows.push(...(await loginScreenBytes(browser, base)));
    if (measures('installable')) rows.push(...(await installabilityRows(browser, base)));
    if (!loginOnly && !process.env.PERF_SKIP_PHONE && measures('phone')) {
      rows.push(...(await phoneRun(browser, base, big)));
      rows.push(...(await returnVisitRows(browser, base, big)));
    }
    await browser.close();
    browser = undefined;
    if (!loginOnly && measures('offline')) {
      for (let run = 1; run <= OFFLINE_RUNS; run += 1) {
        const profile = await mkdtemp(path.join(tempDir, 'offline-profile-'));
        rows.push(
          ...(await offlineRun(base, big, profile)).map(([name, value, target]): Row => [
            `${name} [run ${run}]`,
            value,
            target,
          ]),
        );
      }
    }
    if (!process.env.PERF_SKIP_LIGHTHOUSE && !process.env.PERF_SKIP_HOME && measures('lighthouse-home')) {
      rows.push(...(await lighthouseRows(`${base}/home`, '/home')));
    }
    if (!process.env.PERF_SKIP_LIGHTHOUSE && !loginOnly && measures('lighthouse-collection')) {
      const cookie = await sessionCookie(base, mid);
      rows.push(
        ...(await lighthouseRows(`${base}/user/profile`, `collection (${LIGHTHOUSE_CRATE})`, cookie)),
      );
    }
  } catch (err) {
    failed = true;
    console.error(`perf:client could not run: ${(err as Error).stack ?? String(err)}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await running?.stop().catch((err: unknown) => console.error('stopping the server failed:', err));
    await stopCoverHost?.();
    await rm(tempDir, { recursive: true, force: true });
  }
  if (rows.length) {
    rows.push(loadRow('at the end'));
    const text = `# perf:client ${new Date().toISOString()}\n\n${table(rows)}\n`;
    console.log(`\n${text}`);
    const dir = path.join(repoRoot, 'bench-results');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `client-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
    await writeFile(file, text);
    console.log(`Written to ${path.relative(repoRoot, file)}`);
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
