import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeRecord } from '@/test/records';
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
function liveLink(scope = 'crate') {
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
      let items = crate;
      if (query.search)
        items = items.filter((r) => r.title.toLowerCase().includes(query.search!.toLowerCase()));
      if (query.folder) items = items.filter((r) => r.folder === query.folder);
      return HttpResponse.json(items, { headers: { 'X-Total-Count': String(items.length) } });
    }),
    http.get(`/api/public/${TOKEN}/records/:id`, ({ params }) => {
      const record = crate.find((r) => r.id === Number(params.id));
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
