import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNavigate } from 'react-router';
import { AppRoutes } from '@/app/App';
import { makeRecord } from '@/test/records';
import type { GridStateSnapshot } from 'react-virtuoso';

/** Each cover grid's props as it is made: where it restores its place from, what it keeps. */
const grids = vi.hoisted(() => ({ restored: [] as unknown[], kept: [] as unknown[] }));
vi.mock('react-virtuoso', async (importOriginal) => {
  const virtuoso = await importOriginal<typeof import('react-virtuoso')>();
  const { createElement } = await import('react');
  function VirtuosoGrid(props: Parameters<typeof virtuoso.VirtuosoGrid>[0]) {
    grids.restored.push(props.restoreStateFrom);
    return createElement(virtuoso.VirtuosoGrid, {
      ...props,
      stateChanged: (state: GridStateSnapshot) => {
        grids.kept.push(state);
        props.stateChanged?.(state);
      },
    });
  }
  return { ...virtuoso, VirtuosoGrid };
});
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const GONE = "This link doesn't work any more.";

/** A shared record as the public routes answer it: the friend view, without user_id. */
function sharedRecord(fields: Parameters<typeof makeRecord>[0]) {
  const { user_id: _userId, ...record } = makeRecord({ price: null, location: null, ...fields });
  return record;
}

const crate = [
  sharedRecord({ id: 31, title: 'Blue', artist: 'Joni Mitchell', folder: 'Folk' }),
  sharedRecord({ id: 32, title: 'Kind of Blue', artist: 'Miles Davis', folder: 'Jazz', rating: 5 }),
  sharedRecord({ id: 33, title: 'Dummy', artist: 'Portishead', folder: null }),
];

/** The public routes of a live link; every records request is kept. */
function liveLink(scope = 'crate', records = crate) {
  const asked: Array<Record<string, string>> = [];
  server.use(
    http.get(`/api/public/${TOKEN}`, () =>
      HttpResponse.json({ username: 'sam', scope, records: crate.length }),
    ),
    http.get(`/api/public/${TOKEN}/folders`, () =>
      HttpResponse.json([
        { folder: 'Folk', records: 1 },
        { folder: 'Jazz', records: 1 },
      ]),
    ),
    http.get(`/api/public/${TOKEN}/records`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(query);
      let items = records;
      if (query.search)
        items = items.filter((r) => r.title.toLowerCase().includes(query.search!.toLowerCase()));
      if (query.folder) items = items.filter((r) => r.folder === query.folder);
      if (query.sort === 'artist_asc') items = items.toSorted((a, b) => a.artist.localeCompare(b.artist));
      // Pages of `limit` records; the cursor is an offset here.
      const offset = Number(query.cursor ?? 0);
      const limit = Number(query.limit ?? items.length);
      const headers: Record<string, string> = { 'X-Total-Count': String(items.length) };
      if (offset + limit < items.length) {
        const next = new URLSearchParams(query);
        next.set('cursor', String(offset + limit));
        headers.Link = `</api/public/${TOKEN}/records?${next}>; rel="next"`;
      }
      return HttpResponse.json(items.slice(offset, offset + limit), { headers });
    }),
    http.get(`/api/public/${TOKEN}/records/:id`, ({ params }) => {
      const record = records.find((r) => r.id === Number(params.id));
      return record
        ? HttpResponse.json(record)
        : HttpResponse.json({ error: { code: 'not_found', message: 'No such record' } }, { status: 404 });
    }),
    http.get(`/api/public/${TOKEN}/spins`, () =>
      HttpResponse.json(
        [
          {
            id: 4,
            listened_at: '2026-11-20',
            time_spent: '1:05',
            spin_details: 'Sunday morning',
            records: [{ id: 32, title: 'Kind of Blue', artist: 'Miles Davis' }],
          },
        ],
        { headers: { 'X-Total-Count': '1' } },
      ),
    ),
  );
  return asked;
}

/** Every public route answers 404, as for a revoked or unknown link. */
function deadLink() {
  const notFound = () =>
    HttpResponse.json(
      { error: { code: 'not_found', message: "This link doesn't work any more" } },
      { status: 404 },
    );
  server.use(http.get(`/api/public/${TOKEN}`, notFound), http.get(`/api/public/${TOKEN}/*`, notFound));
}

const covers = () =>
  within(screen.getByRole('list', { name: "sam's records" }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

describe('SharedCratePage (/s/{token})', () => {
  it("shows the owner's name and the crate grid with captions to a visitor, and asks robots not to index it and sends no referrer", async () => {
    const asked = liveLink();
    renderApp({ route: `/s/${TOKEN}` });
    expect(await screen.findByRole('heading', { name: "sam's crate" })).toBeInTheDocument();
    await waitFor(() => expect(covers()).toEqual(['Blue', 'Kind of Blue', 'Dummy']));
    expect(screen.getByText('Joni Mitchell')).toBeInTheDocument();
    expect(screen.getByText('3 records')).toBeInTheDocument();
    expect(asked).toEqual([expect.objectContaining({ sort: 'newest', limit: '60' })]);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    // A cover opens the record of the shared crate.
    expect(screen.getByRole('link', { name: /Kind of Blue/ })).toHaveAttribute(
      'href',
      `/s/${TOKEN}/records/32`,
    );
  });

  it('searches and sorts on the server and keeps them in the URL', async () => {
    const asked = liveLink();
    const user = userEvent.setup();
    renderApp({ route: `/s/${TOKEN}` });
    await waitFor(() => expect(covers()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search records' }), 'blue');
    await user.click(screen.getByRole('button', { name: 'SEARCH' }));
    await waitFor(() => expect(covers()).toEqual(['Blue', 'Kind of Blue']));
    expect(asked.at(-1)).toEqual(expect.objectContaining({ search: 'blue' }));
    await waitFor(() => expect(screen.getByTestId('location-query')).toHaveTextContent('search=blue'));
    await user.click(screen.getByRole('radio', { name: 'Artist [A-Z]' }));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual(expect.objectContaining({ search: 'blue', sort: 'artist_asc' })),
    );
  });

  it('filters by folder with a select of the folders and their counts, kept in the URL', async () => {
    const asked = liveLink();
    const user = userEvent.setup();
    renderApp({ route: `/s/${TOKEN}` });
    await waitFor(() => expect(covers()).toHaveLength(3));
    const select = await screen.findByRole('combobox', { name: 'Folder' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All folders', 'Folk (1)', 'Jazz (1)']);
    await user.selectOptions(select, 'Jazz (1)');
    await waitFor(() => expect(covers()).toEqual(['Kind of Blue']));
    expect(asked.at(-1)).toEqual(expect.objectContaining({ folder: 'Jazz' }));
    expect(screen.getByTestId('location-query')).toHaveTextContent('folder=Jazz');
  });

  it('opens with the folder of the URL', async () => {
    const asked = liveLink();
    renderApp({ route: `/s/${TOKEN}?folder=Folk` });
    await waitFor(() => expect(covers()).toEqual(['Blue']));
    expect(asked[0]).toEqual(expect.objectContaining({ folder: 'Folk' }));
    expect(await screen.findByRole('combobox', { name: 'Folder' })).toHaveValue('Folk');
  });

  it(`says "${GONE}" for a revoked or unknown link`, async () => {
    deadLink();
    renderApp({ route: `/s/${TOKEN}` });
    expect(await screen.findByText(GONE)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: "sam's records" })).not.toBeInTheDocument();
  });

  it('shows a Spins tab for a crate+spins link with the spins and their records', async () => {
    liveLink('crate+spins');
    const user = userEvent.setup();
    renderApp({ route: `/s/${TOKEN}` });
    await user.click(await screen.findByRole('link', { name: 'Spins' }));
    expect(await screen.findByText('Sunday morning')).toBeInTheDocument();
    expect(screen.getByText('Kind of Blue by Miles Davis')).toBeInTheDocument();
    expect(screen.getByTestId('location-query')).toHaveTextContent('view=spins');
  });

  it('has no tabs for a crate link', async () => {
    liveLink('crate');
    renderApp({ route: `/s/${TOKEN}` });
    await screen.findByRole('heading', { name: "sam's crate" });
    expect(screen.queryByRole('link', { name: 'Spins' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Wants' })).not.toBeInTheDocument();
  });
});

describe('SharedRecordPage (/s/{token}/records/{id})', () => {
  it('shows the record read-only, without edit, delete or spin buttons, and Back to the shared crate', async () => {
    liveLink();
    renderApp({ route: `/s/${TOKEN}/records/32` });
    expect(await screen.findByRole('heading', { name: 'Kind of Blue' })).toBeInTheDocument();
    expect(screen.getByText('Miles Davis')).toBeInTheDocument();
    expect(screen.getByText('Jazz')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5 of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Spin it' })).not.toBeInTheDocument();
    expect(screen.queryByText('Price')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/s/${TOKEN}`);
  });

  it(`says "${GONE}" once the link is revoked`, async () => {
    deadLink();
    renderApp({ route: `/s/${TOKEN}/records/32` });
    expect(await screen.findByText(GONE)).toBeInTheDocument();
  });
});

/** A crate of 130 records (three pages of 60), by artist Artist 001 … Artist 130. */
const bigCrate = Array.from({ length: 130 }, (_, i) =>
  sharedRecord({
    id: 500 + i,
    title: `Album ${String(i + 1).padStart(3, '0')}`,
    artist: `Artist ${String(i + 1).padStart(3, '0')}`,
  }),
);

/** The browser's Back button (a POP of the history). */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

describe('SharedCratePage: back from a record (EXTENSIONS.md §1, §7, §11)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  for (const how of ["the app's Back", "the browser's Back"] as const) {
    it(`"Opening a record and coming back restores the scroll position and the loaded pages": ${how}`, async () => {
      vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
      const asked = liveLink('crate', bigCrate);
      const user = userEvent.setup();
      // The browser's address (read when a record is opened, for the record's Back).
      window.history.replaceState(null, '', `/s/${TOKEN}?sort=artist_asc`);
      renderApp({
        route: `/s/${TOKEN}?sort=artist_asc`,
        ui: (
          <>
            <AppRoutes />
            <BrowserBack />
          </>
        ),
      });
      // The test's grid shows every card, so its end asks for the pages one by one.
      await waitFor(() => expect(covers()).toHaveLength(130));
      expect(asked.map((q) => q.cursor ?? 'first')).toEqual(['first', '60', '120']);
      expect(covers()[0]).toBe('Album 001');
      const place = grids.kept.at(-1);
      expect(place).toBeDefined();

      await user.click(screen.getByRole('link', { name: 'Album 125' }));
      expect(await screen.findByRole('heading', { name: 'Album 125' })).toBeInTheDocument();
      grids.restored.length = 0;
      await user.click(
        how === "the app's Back"
          ? screen.getByRole('link', { name: 'Back' })
          : screen.getByRole('button', { name: 'Browser back' }),
      );

      // Every loaded page is shown again, in the same order, without asking for any again.
      await waitFor(() => expect(covers()).toHaveLength(130));
      expect(covers()[0]).toBe('Album 001');
      expect(covers()[129]).toBe('Album 130');
      expect(screen.getByText('130 records')).toBeInTheDocument();
      expect(screen.getByTestId('location-query')).toHaveTextContent('sort=artist_asc');
      expect(screen.getByRole('radio', { name: 'Artist [A-Z]' })).toBeChecked();
      expect(asked).toHaveLength(3);
      // The grid starts at the place it had when the record was opened.
      expect(grids.restored[0]).toBe(place);
    });
  }
});

describe('SharedCratePage: sort choices', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers every sort but "Most Expensive" (a shared crate shows no prices)', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    liveLink();
    renderApp({ route: `/s/${TOKEN}` });
    await waitFor(() => expect(covers()).toHaveLength(3));
    const radios = within(screen.getByRole('group', { name: 'Sort records' })).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('div')?.textContent)).toEqual([
      'Newest Records',
      'Oldest Records',
      'Artist [A-Z]',
      'Artist [Z-A]',
      'Album [A-Z]',
      'Album [Z-A]',
      'Most Played',
      'Least Recently Played',
      'Top Rated',
    ]);
    expect(screen.queryByRole('radio', { name: 'Most Expensive' })).not.toBeInTheDocument();
  });

  it('leaves "Most Expensive" out of the phone\'s Sort select too', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    liveLink();
    renderApp({ route: `/s/${TOKEN}` });
    await waitFor(() => expect(covers()).toHaveLength(3));
    const select = screen.getByRole('combobox', { name: 'Sort' });
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Top Rated');
    expect(options).not.toContain('Most Expensive');
  });

  it('shows a URL\'s sort=price_desc as what the server answers: newest first, "Newest Records" chosen', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const asked = liveLink();
    renderApp({ route: `/s/${TOKEN}?sort=price_desc&search=blue` });
    await waitFor(() => expect(covers()).toEqual(['Blue', 'Kind of Blue']));
    expect(asked).toEqual([expect.objectContaining({ sort: 'newest', search: 'blue' })]);
    expect(screen.getByRole('radio', { name: 'Newest Records' })).toBeChecked();
    // The URL says what is shown (the default sort is left out of it), the search kept.
    await waitFor(() => expect(screen.getByTestId('location-query')).not.toHaveTextContent('price_desc'));
    expect(screen.getByTestId('location-query')).toHaveTextContent('search=blue');
  });
});

describe('Shared covers are served by Spincrate (API.md "Covers served by Spincrate")', () => {
  const cover = { small: '/covers/abc-250.webp', large: '/covers/abc-500.webp' };

  it("shows a shared record's own thumbnail, not its coverart, once it has one", async () => {
    liveLink('crate', [
      sharedRecord({ id: 41, title: 'Hejira', coverart: 'https://images.example/hejira.jpg', cover }),
    ]);
    renderApp({ route: `/s/${TOKEN}/records/41` });
    await screen.findByRole('heading', { name: 'Hejira' });
    const img = screen.getByRole('img', { name: 'Hejira' });
    expect(img.getAttribute('src')).toBe('/covers/abc-250.webp');
    expect(img.getAttribute('srcset')).toContain('/covers/abc-500.webp 500w');
    expect(img.outerHTML).not.toContain('images.example');
    // A cover that cannot be loaded still becomes the fallback cover.
    fireEvent.error(img);
    expect(img.getAttribute('src')).not.toBe('/covers/abc-250.webp');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('shows a shared want\'s own thumbnail, "else null (the client then shows `coverart`)"', async () => {
    liveLink('crate+wants');
    server.use(
      http.get(`/api/public/${TOKEN}/wants`, () =>
        HttpResponse.json([
          {
            id: 1,
            title: 'Court and Spark',
            artist: 'Joni Mitchell',
            year: 1974,
            coverart: 'https://images.example/cs.jpg',
            cover,
            priority: 3,
            notes: '',
          },
          {
            id: 2,
            title: 'Ladies of the Canyon',
            artist: 'Joni Mitchell',
            year: 1970,
            coverart: 'https://images.example/lc.jpg',
            cover: null,
            priority: 2,
            notes: '',
          },
        ]),
      ),
    );
    renderApp({ route: `/s/${TOKEN}?view=wants` });
    const wants = await screen.findByRole('list', { name: 'Wants' });
    const own = within(wants).getByRole('img', { name: 'Court and Spark' });
    expect(own.getAttribute('src')).toBe('/covers/abc-250.webp');
    expect(own.outerHTML).not.toContain('images.example');
    expect(within(wants).getByRole('img', { name: 'Ladies of the Canyon' })).toHaveAttribute(
      'src',
      'https://images.example/lc.jpg',
    );
  });
});
