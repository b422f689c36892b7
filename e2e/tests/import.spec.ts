/**
 * Journey 7, importing a Discogs collection (API.md "Import from a Discogs collection
 * export", the import screen at /user/import): the team's 99-album export file, the
 * progress of the cover look-ups up to done, the covers in the crate, and the CSV
 * export downloaded with the Discogs header.
 *
 * The whole file is imported: the e2e server runs with MUSICBRAINZ_MIN_INTERVAL_MS=20
 * (support/stack.ts), so the 99 look-ups against the fake take seconds, not minutes.
 */
import { readFile } from 'node:fs/promises';
import { DISCOGS_COLUMNS, compareRecords, type RuleRecord } from '@spincrate/contract';
import { discogsCsvFile } from '@/support/locations.js';
import { parseCsv } from '@/support/csv.js';
import { checkScreen, expect, fakeBaseUrl, signIn, test } from '@/support/fixtures.js';
import { coverGrid, dismissAttention, expectImageLoaded, showExports } from '@/support/ui.js';

test('importing the Discogs export: progress to done, covers in the crate, CSV export', async ({
  page,
  seed,
}) => {
  const source = parseCsv(await readFile(discogsCsvFile, 'utf8'));
  expect(source[0]).toEqual(DISCOGS_COLUMNS);
  const albums = source.slice(1).map((row) => ({ artist: row[1]!, title: row[2]!, dateAdded: row[9]! }));
  expect(albums).toHaveLength(99);
  // The file's albums as the crate will hold them (ids in the file's order), newest first by
  // the contract's reference order (API.md "Lists at scale": date_added desc, then id desc).
  const asRecords = albums.map((album, i): RuleRecord => ({
    id: i + 1,
    title: album.title,
    artist: album.artist,
    date_added: album.dateAdded,
    mood: '',
    details: '',
    tags: '[]',
    year: null,
    play_count: 0,
    last_played: null,
    rating: null,
    price: null,
    folder: null,
  }));
  const newest = asRecords.sort(compareRecords('newest')).slice(0, 3);

  const me = await seed.user('importer');
  await signIn(page, me.user);
  await expect(page.getByRole('heading', { name: `${me.user.username}'s crate` })).toBeVisible();
  await page.getByRole('link', { name: 'Import from Discogs' }).click();
  await expect(page).toHaveURL(/\/user\/import$/);
  await expect(page.getByRole('heading', { name: 'Import from Discogs', level: 1 })).toBeVisible();
  await checkScreen(page, 'import');

  // Nothing chosen: the usual warning, nothing sent.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dismissAttention(page, 'Please fill form before submit');

  // The file and a mood, then the import runs and its look-ups reach done.
  await page.getByLabel('Discogs collection export (CSV file)').setInputFiles(discogsCsvFile);
  await page
    .getByRole('combobox', { name: 'Mood for every imported record' })
    .selectOption({ label: 'Nostalgic' });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const counts = page.getByRole('list', { name: 'Import counts' });
  await expect(counts).toContainText('Imported: 99');
  await expect(counts).toContainText('Already in your crate: 0');
  await expect(counts).toContainText('Failed: 0');
  const progress = page.getByRole('progressbar', { name: 'Cover and tag look-ups' });
  await expect(progress).toHaveAttribute('aria-valuemax', '99');
  await expect(page.getByRole('heading', { name: 'Import done' })).toBeVisible({ timeout: 150_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '99');
  await expect(page.getByText('Covers and tags looked up for all 99 records.')).toBeVisible();
  await checkScreen(page, 'import-done');

  // The crate: 99 covers from the metadata service, newest Discogs "Date Added" first.
  await page.getByRole('link', { name: 'Back to crate' }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  const grid = coverGrid(page, me.user.username);
  // The grid renders only the covers near the viewport (EXTENSIONS.md §1); the count line
  // says how many the crate holds, and the API check below reads all 99.
  await expect(page.getByText('99 records', { exact: true })).toBeVisible();
  // The first row fills in as the grid measures it: wait for its first three covers.
  await expect
    .poll(() =>
      grid
        .getByRole('img')
        .evaluateAll((imgs) => imgs.slice(0, 3).map((img) => (img as HTMLImageElement).alt)),
    )
    .toEqual(newest.map((a) => a.title));
  for (const album of newest) {
    const cover = grid.getByRole('img', { name: album.title, exact: true });
    await expect(cover).toHaveAttribute('src', new RegExp(`^${fakeBaseUrl()}/images/`));
    await expectImageLoaded(cover);
  }
  const records = await me.records();
  expect(records).toHaveLength(99);
  expect(records.every((r) => r.mood === 'Nostalgic')).toBe(true);
  expect(
    records.filter((r) => !r.coverart.startsWith(`${fakeBaseUrl()}/images/`)),
    'records without a found cover',
  ).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, 'collection-imported');

  // Export CSV: a download in the Discogs columns with every record.
  await showExports(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const exported = parseCsv(await readFile(await download.path(), 'utf8'));
  expect(exported[0]).toEqual(DISCOGS_COLUMNS);
  const rows = exported.slice(1);
  expect(rows).toHaveLength(99);
  const pairs = rows.map((row) => `${row[1]} — ${row[2]}`).sort();
  expect(pairs).toEqual(albums.map((a) => `${a.artist} — ${a.title}`).sort());
  const kind = rows.find((row) => row[2] === 'Kind Of Blue')!;
  expect(kind[9], 'Date Added survives the round trip').toBe('2019-03-21 12:17:22');
});
