/**
 * Where things are: the repository, the built app, the results folder, the
 * Discogs sample file, and the file global setup uses to hand the running stack
 * to global teardown.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e workspace folder. */
const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository root (holds `database.sql`, `server/`, `client/`). */
export const repoRoot = path.resolve(e2eDir, '..');

/** Everything a run writes: report, screenshots, server log (git-ignored). */
export const resultsDir = path.join(repoRoot, 'e2e-results');

/** Screenshots of every screen, one folder per Playwright project. */
export const screenshotsDir = path.join(resultsDir, 'screenshots');

/** The app's log of the last run (stdout and stderr of `node server/dist/index.js`). */
export const serverLogFile = path.join(resultsDir, 'server.log');

/** The fake metadata server's log of the last run. */
export const fakeLogFile = path.join(resultsDir, 'fake-metadata.log');

/** The fake ListenBrainz's log of the last run. */
export const fakeListenBrainzLogFile = path.join(resultsDir, 'fake-listenbrainz.log');

/** What global setup started, read back by global teardown. */
export const stackStateFile = path.join(resultsDir, '.stack.json');

/** The Discogs collection export shared by the team (99 albums). */
export const discogsCsvFile = path.resolve(repoRoot, '..', 'shared', 'data', 'discogs-collection.csv');

/** The environment variable global setup sets to the app's base URL (inherited by the workers). */
export const BASE_URL_ENV = 'SPINCRATE_E2E_BASE_URL';

/** The environment variable global setup sets to the fake metadata server's base URL. */
export const FAKE_URL_ENV = 'SPINCRATE_E2E_FAKE_URL';

/** The environment variable global setup sets to the fake ListenBrainz's base URL. */
export const LISTENBRAINZ_URL_ENV = 'SPINCRATE_E2E_LISTENBRAINZ_URL';
/** The environment variable global setup sets to the fake image host's base URL (another origin). */
export const IMAGE_HOST_URL_ENV = 'SPINCRATE_E2E_IMAGE_HOST_URL';

/** Debian's Chromium, or the browser named by `CHROMIUM_PATH`. Playwright never downloads one. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
