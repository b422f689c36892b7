/**
 * Journey: the folder select (issue 22 item 3, EXTENSIONS.md §5): the collection shows one
 * folder at a time, kept in the URL across a reload, and the blindbag draws from the folder
 * chosen.
 */
import { checkScreen, expect, signIn, test } from '@/support/fixtures.js';
import { coverGrid, expectGridOrder } from '@/support/ui.js';

test('folders: filter the crate by folder, reload, draw from a folder', async ({ page, seed }) => {
  const me = await seed.user('folders');
  const mood = await me.moodId('Mellow');
  const records = [
    { artist: 'Joni Mitchell', title: 'Blue', folder: 'Folk' },
    { artist: 'Miles Davis', title: 'Kind of Blue', folder: 'Jazz' },
    { artist: 'John Coltrane', title: 'A Love Supreme', folder: 'Jazz' },
    { artist: 'Portishead', title: 'Dummy', folder: null },
  ];
  for (const fields of records) {
    const added = await me.addRecord({ artist: fields.artist, title: fields.title });
    if (!fields.folder) continue;
    const edited = await me.request.put('/api/record/edit', {
      data: {
        id: added.id,
        artist: fields.artist,
        title: fields.title,
        mood,
        details: 'LP',
        folder: fields.folder,
      },
    });
    expect(edited.status(), `folder of ${fields.title}: ${await edited.text()}`).toBe(200);
  }
  const name = me.user.username;

  await signIn(page, me.user);
  const grid = coverGrid(page, name);
  await expectGridOrder(grid, ['Dummy', 'A Love Supreme', 'Kind of Blue', 'Blue']);
  const folder = page.getByRole('combobox', { name: 'Folder' });
  await expect(folder.getByRole('option')).toHaveText(['All folders', 'Folk (1)', 'Jazz (2)']);
  await folder.selectOption({ label: 'Jazz (2)' });
  await expectGridOrder(grid, ['A Love Supreme', 'Kind of Blue']);
  await expect(page).toHaveURL(/[?&]folder=Jazz/);
  await expect(page.getByText('2 records', { exact: true })).toBeVisible();
  await checkScreen(page, 'collection-folder');

  // A reload shows the same folder.
  await page.reload();
  await expectGridOrder(grid, ['A Love Supreme', 'Kind of Blue']);
  await expect(folder).toHaveValue('Jazz');

  // The blindbag draws from the folder chosen.
  await page.goto('/blindbag?folder=Folk');
  await expect(page.getByRole('combobox', { name: 'Folder' })).toHaveValue('Folk');
  await page.getByRole('button', { name: 'Draw a random record' }).click();
  await expect(page.getByText('Blue by Joni Mitchell')).toBeVisible();
  await checkScreen(page, 'blindbag-folder');
});
