/**
 * Year in review (EXTENSIONS.md §10): a user with spins last year and this year opens
 * last year from the Stats page, reads its numbers (checked against the spins seeded
 * here), the top records, plays by month as a table, in both themes, at 375 px without
 * sideways scrolling, and makes the share card: a 1080×1350 PNG, downloaded where the
 * browser cannot share files, and handed to the share sheet where it can.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import { navButton, navLink } from '@/support/ui.js';

/** Width and height of a PNG from its IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex'), 'a PNG signature').toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, 'nothing scrolls sideways').toBeLessThanOrEqual(widths.client);
}

test('year in review: opened from Stats, numbers of the seeded year, share card PNG of 1080×1350', async ({
  page,
  seed,
}) => {
  const me = await seed.user('rewind');
  const blue = await me.addRecord({ artist: 'Miles Davis', title: 'Kind of Blue', mood: 'Mellow' });
  const rumours = await me.addRecord({ artist: 'Fleetwood Mac', title: 'Rumours', mood: 'Nostalgic' });
  const discovery = await me.addRecord({ artist: 'Daft Punk', title: 'Discovery', mood: 'Energetic' });
  // The browser's calendar year (the page asks with the browser's today).
  await signIn(page, me.user, '/stats');
  const thisYear = await page.evaluate(() => new Date().getFullYear());
  const lastYear = thisYear - 1;
  // Last year: 14 and 15 March (a 2-day streak) and 31 December; 3 spins, 5 plays, 150 minutes.
  // Kind of Blue 3 plays, Discovery 1 (31 Dec), Rumours 1 (14 Mar). This year: 1 January.
  await me.addSpin({
    listenedAt: `${lastYear}-03-14`,
    timeSpent: '1:00',
    details: 'Pi day',
    records: [blue, rumours],
  });
  await me.addSpin({ listenedAt: `${lastYear}-03-15`, timeSpent: '0:30', details: 'Ides', records: [blue] });
  await me.addSpin({
    listenedAt: `${lastYear}-12-31`,
    timeSpent: '1:00',
    details: 'New Year’s Eve',
    records: [blue, discovery],
  });
  await me.addSpin({
    listenedAt: `${thisYear}-01-01`,
    timeSpent: '0:15',
    details: 'New Year',
    records: [rumours],
  });

  await page.goto('/home');
  await navLink(page, 'Stats');
  await expect(page.getByRole('heading', { name: 'stats', level: 1 })).toBeVisible();
  const years = page.getByRole('navigation', { name: 'Year in review' });
  await expect(years.getByRole('link')).toHaveText([String(thisYear), String(lastYear)]);
  await years.getByRole('link', { name: String(lastYear) }).click();
  await expect(page).toHaveURL(new RegExp(`/rewind/${lastYear}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${lastYear} in review` })).toBeVisible();

  const numbers = page.getByRole('region', { name: 'The year in numbers' });
  const value = (term: string) => numbers.locator(`dt:text-is("${term}") + dd`);
  await expect(value('Spins')).toHaveText('3');
  await expect(value('Plays')).toHaveText('5');
  await expect(value('Hours listened')).toHaveText('2.5');
  await expect(value('Records played')).toHaveText('3');
  // The three records were added this year.
  await expect(value('Records added')).toHaveText('0');
  await expect(value('First plays')).toHaveText('3');
  await expect(value('Rescued from the dusty shelf')).toHaveText('0');
  await expect(value('Longest streak')).toHaveText('2 days');
  await expect(value('Busiest month')).toHaveText('March');

  const top = page.getByRole('region', { name: 'Most played records' }).getByRole('listitem');
  await expect(top).toHaveCount(3);
  await expect(top.nth(0)).toContainText('Kind of Blue');
  await expect(top.nth(0)).toContainText('3 plays');
  await expect(top.nth(1)).toContainText('Discovery');
  await expect(top.nth(2)).toContainText('Rumours');
  await expect(page.getByRole('region', { name: 'Favourite new record' })).toContainText(
    `No record added in ${lastYear} has been played yet.`,
  );
  const months = page.getByRole('table', { name: 'Plays by month' });
  await expect(months.getByRole('row', { name: 'March 3' })).toBeVisible();
  await expect(months.getByRole('row', { name: 'December 2' })).toBeVisible();
  await expect(months.getByRole('row', { name: 'June 0' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: /By mood/ }).getByRole('row', { name: 'Mellow 3 1' }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await checkScreen(page, 'rewind');

  // The share card: Chromium here cannot share files, so the PNG is downloaded.
  const canShareFiles = await page.evaluate(
    () =>
      typeof navigator.canShare === 'function' &&
      navigator.canShare({ files: [new File(['x'], 'x.png', { type: 'image/png' })] }),
  );
  expect(canShareFiles).toBe(false);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Make a share card' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`spincrate-${lastYear}.png`);
  expect(pngSize(await readFile((await download.path())!))).toEqual({ width: 1080, height: 1350 });
  await expect(page.getByText(`Your card was downloaded as spincrate-${lastYear}.png.`)).toBeVisible();

  // Where the browser can share files, the same PNG goes to the share sheet (stubbed here).
  await page.evaluate(() => {
    const w = window as unknown as { sharedCard?: Promise<{ name: string; type: string; bytes: number[] }> };
    let hand: (file: { name: string; type: string; bytes: number[] }) => void = () => {};
    w.sharedCard = new Promise((resolve) => (hand = resolve));
    Object.assign(navigator, {
      canShare: (data: ShareData) => (data.files ?? []).length > 0,
      share: async (data: ShareData) => {
        const file = data.files![0]!;
        hand({ name: file.name, type: file.type, bytes: [...new Uint8Array(await file.arrayBuffer())] });
      },
    });
  });
  await page.getByRole('button', { name: 'Make a share card' }).click();
  await expect(page.getByText('Your card was shared.')).toBeVisible();
  const shared = await page.evaluate(
    () =>
      (window as unknown as { sharedCard: Promise<{ name: string; type: string; bytes: number[] }> })
        .sharedCard,
  );
  expect([shared.name, shared.type]).toEqual([`spincrate-${lastYear}.png`, 'image/png']);
  expect(pngSize(Buffer.from(shared.bytes))).toEqual({ width: 1080, height: 1350 });

  // Dark theme.
  await navButton(page, 'DARK MODE');
  await expect(page.locator('body')).toHaveClass(/\bdark\b/);
  await expect(months).toBeVisible();
  await expectNoSidewaysScroll(page);
  await checkScreen(page, 'rewind');

  // This year, not over yet (unless today is 31 December): "{year} so far".
  await page.goto('/stats');
  await years.getByRole('link', { name: String(thisYear) }).click();
  const lastDay = await page.evaluate(() => new Date().getMonth() === 11 && new Date().getDate() === 31);
  await expect(
    page.getByRole('heading', { level: 1, name: lastDay ? `${thisYear} in review` : `${thisYear} so far` }),
  ).toBeVisible();
  await expect(value('Spins')).toHaveText('1');
  await expect(value('Records added')).toHaveText('3');
  await checkScreen(page, 'rewind-so-far');
});
