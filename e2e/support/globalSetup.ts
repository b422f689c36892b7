/**
 * Playwright global setup: starts the fake metadata server, a fresh database and the
 * built app (see stack.ts), hands their URLs to the workers through environment
 * variables and writes what teardown needs to e2e-results/.stack.json.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import {
  BASE_URL_ENV,
  chromiumPath,
  FAKE_URL_ENV,
  fakeListenBrainzLogFile,
  fakeLogFile,
  LISTENBRAINZ_URL_ENV,
  IMAGE_HOST_URL_ENV,
  resultsDir,
  screenshotsDir,
  serverLogFile,
  stackStateFile,
} from './locations.js';
import { startStack } from './stack.js';

/** Starts the stack; Playwright calls this once before any worker starts. */
export default async function globalSetup(): Promise<void> {
  // The suite runs Debian's Chromium and never downloads a browser of its own.
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
  }
  mkdirSync(resultsDir, { recursive: true });
  rmSync(screenshotsDir, { recursive: true, force: true });
  mkdirSync(screenshotsDir, { recursive: true });
  const started = Date.now();
  const state = await startStack({
    appLog: serverLogFile,
    fakeLog: fakeLogFile,
    listenBrainzLog: fakeListenBrainzLogFile,
  });
  writeFileSync(stackStateFile, JSON.stringify(state, null, 2));
  process.env[BASE_URL_ENV] = state.baseUrl;
  process.env[FAKE_URL_ENV] = state.fakeUrl;
  process.env[LISTENBRAINZ_URL_ENV] = state.listenBrainzUrl;
  process.env[IMAGE_HOST_URL_ENV] = state.imageHostUrl;
  process.stdout.write(
    `e2e: app on ${state.baseUrl}, fake metadata on ${state.fakeUrl} (ready in ${Date.now() - started} ms)\n`,
  );
}
