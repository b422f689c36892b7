/**
 * Browser journeys of Spincrate in Debian's Chromium (never a downloaded browser),
 * on a desktop and on a phone. Global setup starts the fake metadata server, a fresh
 * database and the built app; teardown stops them (support/stack.ts).
 */
import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { chromiumPath, resultsDir } from './support/locations.js';

/** Chromium flags: headless, no sandbox (containers run as root), nothing phoning home. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(resultsDir, 'test-output'),
  globalSetup: './support/globalSetup.ts',
  globalTeardown: './support/globalTeardown.ts',
  // The machine has 2 cores shared with the app, PostgreSQL and the browser.
  workers: Number.isInteger(workers) && workers > 0 ? workers : 2,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // A journey's whole budget (each step still waits for states, 15 s each). Measured at load
  // 16-24 on 2 cores: the longest journeys took up to 3.2 min, so 6 min leaves room.
  timeout: 360_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: path.join(resultsDir, 'html'), open: 'never' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    locale: 'en-US',
    // West of UTC, so a calendar date shifted through UTC would show the day before.
    timezoneId: 'America/Los_Angeles',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    acceptDownloads: true,
  },
  projects: [
    {
      name: 'desktop',
      use: {
        viewport: { width: 1280, height: 800 },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
      },
    },
    {
      name: 'phone',
      use: {
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
      },
    },
  ],
});
