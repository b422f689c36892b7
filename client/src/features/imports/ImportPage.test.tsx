import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import Swal from 'sweetalert2';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';
import { paths } from '@/lib/paths';
import { importStorageKey } from './imports.saga';
import type { ImportProgress } from './imports.slice';

const MOODS = [
  { id: 3, mood: 'Calm' },
  { id: 10, mood: 'Mellow' },
];
const CSV = 'Catalog#,Artist,Title\nCL 1355,Miles Davis,"Kind Of Blue"\n,,No artist\n';

function progress(overrides: Partial<ImportProgress> = {}): ImportProgress {
  return {
    id: 7,
    status: 'enriching',
    total: 4,
    imported: 2,
    duplicates: 1,
    failed: 1,
    enriched: 0,
    lookups: 'running',
    errors: [{ row: 3, message: 'Artist is empty' }],
    ...overrides,
  };
}

/** Answers GET /api/mood, and GET /api/record/import/7 with each of `reads` in turn (the last one repeats). */
function answer(reads: ImportProgress[]) {
  const seen: string[] = [];
  server.use(
    http.get('/api/mood', () => HttpResponse.json(MOODS)),
    http.get('/api/record/import/:id', ({ params }) => {
      seen.push(String(params.id));
      return HttpResponse.json(reads[Math.min(seen.length - 1, reads.length - 1)]);
    }),
  );
  return seen;
}

/** Records the bodies of POST /api/record/import and answers `reply`. */
function acceptImports(reply: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/record/import', async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

async function showPage() {
  const user = userEvent.setup();
  const view = renderApp({ route: paths.importRecords, state: signedIn(1, 'riley') });
  await screen.findByRole('heading', { name: 'Import from Discogs' });
  await screen.findByRole('option', { name: 'Calm' });
  return { user, ...view };
}

function chooseFile(user: ReturnType<typeof userEvent.setup>, text = CSV) {
  return user.upload(
    screen.getByLabelText('Discogs collection export (CSV file)'),
    new File([text], 'collection.csv', { type: 'text/csv' }),
  );
}

// The screen is loaded on demand; load it once up front so the first test does not wait for it.
beforeAll(async () => {
  await import('./ImportPage');
});

afterEach(() => {
  Swal.close();
  document.querySelectorAll('.swal2-container').forEach((node) => node.remove());
});

describe('ImportPage', () => {
  it('sends the file and the mood, then shows the counts, the failed rows and the look-ups until done', async () => {
    const reads = answer([progress({ enriched: 1 }), progress({ enriched: 2, status: 'done' })]);
    const bodies = acceptImports(() => HttpResponse.json(progress(), { status: 202 }));
    const { user } = await showPage();

    await chooseFile(user);
    await user.selectOptions(screen.getByLabelText('Mood for every imported record'), 'Calm');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    await waitFor(() => expect(bodies).toEqual([{ csv: CSV, mood: 3 }]));
    const counts = await screen.findByRole('list', { name: 'Import counts' });
    expect(counts).toHaveTextContent('Imported: 2');
    expect(counts).toHaveTextContent('Already in your crate: 1');
    expect(counts).toHaveTextContent('Failed: 1');
    const failedRows = screen.getByRole('list', { name: 'Rows not imported' });
    expect(within(failedRows).getByRole('listitem')).toHaveTextContent('Row 3: Artist is empty');
    const bar = screen.getByRole('progressbar', { name: 'Cover and tag look-ups' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(screen.getByRole('status')).toHaveTextContent('Looking up covers and tags: 0 of 2 records');
    expect(localStorage.getItem(importStorageKey(1))).toBe('7');

    // Polled about every 1.5 s until done.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 of 2 records'));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Covers and tags looked up for all 2 records.'),
    );
    expect(screen.getByRole('progressbar', { name: 'Cover and tag look-ups' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
    expect(screen.getByRole('heading', { name: 'Import done' })).toBeInTheDocument();
    expect(reads).toEqual(['7', '7']);
    expect(localStorage.getItem(importStorageKey(1))).toBeNull();
  });

  it.each([
    ['no file', false, true],
    ['no mood', true, false],
    ['neither', false, false],
  ])('warns and sends nothing with %s', async (_name, withFile, withMood) => {
    answer([]);
    const bodies = acceptImports(() => HttpResponse.json(progress(), { status: 202 }));
    const { user } = await showPage();
    if (withFile) await chooseFile(user);
    if (withMood) await user.selectOptions(screen.getByLabelText('Mood for every imported record'), 'Mellow');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Please fill form before submit')).toBeInTheDocument();
    expect(screen.getByText('Attention!')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows why the server refused the file', async () => {
    answer([]);
    acceptImports(() =>
      HttpResponse.json(
        {
          error: {
            code: 'validation_failed',
            message: 'csv is not a Discogs collection export: it has no Artist or Title column',
            fields: { csv: 'has no Artist or Title column' },
          },
        },
        { status: 400 },
      ),
    );
    const { user } = await showPage();
    await chooseFile(user, 'Name,Album\nA,B\n');
    await user.selectOptions(screen.getByLabelText('Mood for every imported record'), 'Mellow');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('it has no Artist or Title column');
    expect(screen.queryByRole('list', { name: 'Import counts' })).not.toBeInTheDocument();
  });

  it('shows the running import again when the user comes back', async () => {
    localStorage.setItem(importStorageKey(1), '7');
    const reads = answer([progress({ imported: 10, enriched: 5 })]);
    await showPage();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Looking up covers and tags: 5 of 10 records',
    );
    expect(screen.getByRole('progressbar', { name: 'Cover and tag look-ups' })).toHaveAttribute(
      'aria-valuenow',
      '5',
    );
    expect(reads[0]).toBe('7');
  });

  it("does not show another user's remembered import", async () => {
    localStorage.setItem(importStorageKey(2), '7');
    const reads = answer([progress()]);
    await showPage();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(reads).toEqual([]);
  });

  it('says that covers will be looked up once the music service can be reached, while it cannot', async () => {
    localStorage.setItem(importStorageKey(1), '7');
    answer([
      progress({ imported: 10, enriched: 0, lookups: 'waiting_for_service' }),
      progress({ imported: 10, enriched: 4, lookups: 'running' }),
    ]);
    await showPage();
    const status = await screen.findByRole('status');
    // EXTENSIONS.md §11: "Covers and tags will be looked up once the music service can be
    // reached" instead of sitting at "0 of N".
    expect(status).toHaveTextContent(
      'Covers and tags will be looked up once the music service can be reached',
    );
    expect(status).not.toHaveTextContent('0 of 10');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('4 of 10 records'));
    expect(screen.getByRole('status')).not.toHaveTextContent('can be reached');
  });

  it.each([
    [
      'must not contain NUL characters',
      "This doesn't look like a Discogs CSV export (it is not a text file).",
    ],
    [
      'has no Artist or Title column',
      "This doesn't look like a Discogs CSV export (it has no Artist or Title column).",
    ],
    [
      'is not a readable CSV file',
      "This doesn't look like a Discogs CSV export (its rows and columns could not be read).",
    ],
  ])(
    'says "This doesn\'t look like a Discogs CSV export ({reason})." for a csv that %s',
    async (reason, text) => {
      answer([]);
      acceptImports(() =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: `csv ${reason}`, fields: { csv: reason } } },
          { status: 400 },
        ),
      );
      const { user } = await showPage();
      await chooseFile(user, 'Artist,Title\nA,B\u0000\n');
      await user.selectOptions(screen.getByLabelText('Mood for every imported record'), 'Mellow');
      await user.click(screen.getByRole('button', { name: 'Import' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text);
      expect(alert).not.toHaveTextContent(`csv ${reason}`);
    },
  );

  it('keeps the Import button disabled while an import runs, and enables it once it is done', async () => {
    answer([progress({ enriched: 1 }), progress({ enriched: 2, status: 'done' })]);
    const bodies = acceptImports(() => HttpResponse.json(progress(), { status: 202 }));
    const { user } = await showPage();
    await chooseFile(user);
    await user.selectOptions(screen.getByLabelText('Mood for every imported record'), 'Calm');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Import running' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Importing…' });
    expect(button).toBeDisabled();
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Import done' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(bodies).toHaveLength(1);
  });

  it("shows the last import's summary when the page is opened again after it is done", async () => {
    answer([progress({ status: 'done', enriched: 2, lookups: 'done' })]);
    acceptImports(() =>
      HttpResponse.json(progress({ status: 'done', enriched: 2, lookups: 'done' }), { status: 202 }),
    );
    const first = await showPage();
    await chooseFile(first.user);
    await first.user.selectOptions(screen.getByLabelText('Mood for every imported record'), 'Calm');
    await first.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Import done' })).toBeInTheDocument();
    first.unmount();

    await showPage();
    expect(await screen.findByRole('heading', { name: 'Your last import' })).toBeInTheDocument();
    const counts = screen.getByRole('list', { name: 'Import counts' });
    expect(counts).toHaveTextContent('Imported: 2');
    expect(counts).toHaveTextContent('Already in your crate: 1');
    expect(screen.getByRole('status')).toHaveTextContent('Covers and tags looked up for all 2 records.');
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('says "1 record", not "1 records"', async () => {
    localStorage.setItem(importStorageKey(1), '7');
    answer([progress({ imported: 1, enriched: 0, failed: 0, errors: [] })]);
    await showPage();
    expect(await screen.findByRole('status')).toHaveTextContent('Looking up covers and tags: 0 of 1 record…');
    expect(screen.getByRole('progressbar', { name: 'Cover and tag look-ups' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 1 record looked up',
    );
  });

  it('links back to the crate', async () => {
    answer([]);
    await showPage();
    expect(screen.getByRole('link', { name: 'Back to crate' })).toHaveAttribute('href', paths.profile);
  });
});
