import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeRecord } from '@/test/records';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { trackRequests } from './testing';

const requests = trackRequests();

const crate = [
  makeRecord({
    id: 1,
    title: 'Blue',
    artist: 'Joni Mitchell',
    folder: 'Folk',
    date_added: '2026-01-01T00:00:00Z',
  }),
  makeRecord({
    id: 2,
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    folder: 'Jazz',
    date_added: '2026-01-02T00:00:00Z',
  }),
  makeRecord({
    id: 3,
    title: 'A Love Supreme',
    artist: 'John Coltrane',
    folder: 'Jazz',
    date_added: '2026-01-03T00:00:00Z',
  }),
];

/** The own crate's routes with the folder filter of API.md "Collection details". */
function ownCrate() {
  const answer = ({ request }: { request: Request }) => {
    const params = new URL(request.url).searchParams;
    const folder = params.get('folder');
    const search = params.get('search')?.toLowerCase();
    let list = crate.slice().reverse();
    if (folder) list = list.filter((r) => r.folder?.toLowerCase() === folder.toLowerCase());
    if (search) list = list.filter((r) => r.title.toLowerCase().includes(search));
    return HttpResponse.json(list, { headers: { 'X-Total-Count': String(list.length) } });
  };
  server.use(
    http.get('/api/record/folders', () =>
      HttpResponse.json([
        { folder: 'Folk', records: 1 },
        { folder: 'Jazz', records: 2 },
      ]),
    ),
    http.get('/api/record', answer),
    http.get('/api/record/search', answer),
  );
}

/** The query of each own-crate list request. */
const asked = () =>
  requests
    .filter((r) => r.startsWith('GET /api/record?') || r.startsWith('GET /api/record/search?'))
    .map((r) => Object.fromEntries(new URL(r.slice(4), 'http://x').searchParams));

const covers = () =>
  within(screen.getByRole('list', { name: "riley's records" }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

describe('the folder filter of the collection (EXTENSIONS.md §5)', () => {
  it('offers "All folders" and each folder with its count, filters on the server and keeps the folder in the URL', async () => {
    ownCrate();
    const user = userEvent.setup();
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(covers()).toEqual(['A Love Supreme', 'Kind of Blue', 'Blue']));
    const select = await screen.findByRole('combobox', { name: 'Folder' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All folders', 'Folk (1)', 'Jazz (2)']);
    await user.selectOptions(select, 'Jazz (2)');
    await waitFor(() => expect(covers()).toEqual(['A Love Supreme', 'Kind of Blue']));
    expect(asked().at(-1)).toEqual(expect.objectContaining({ folder: 'Jazz' }));
    expect(screen.getByTestId('location-query')).toHaveTextContent('folder=Jazz');
    expect(screen.getByText('2 records')).toBeInTheDocument();
    // A search keeps the folder.
    await user.type(screen.getByRole('searchbox', { name: 'Search records' }), 'kind');
    await user.click(screen.getByRole('button', { name: 'SEARCH' }));
    await waitFor(() => expect(covers()).toEqual(['Kind of Blue']));
    expect(asked().at(-1)).toEqual(expect.objectContaining({ folder: 'Jazz', search: 'kind' }));
    // All folders again.
    await user.selectOptions(select, 'All folders');
    await waitFor(() => expect(screen.getByTestId('location-query')).not.toHaveTextContent('folder='));
    expect(asked().at(-1)).not.toHaveProperty('folder');
  });

  it('opens with the folder of the URL', async () => {
    ownCrate();
    renderApp({ route: '/user/profile?folder=Folk', state: signedIn() });
    await waitFor(() => expect(covers()).toEqual(['Blue']));
    expect(asked()[0]).toEqual(expect.objectContaining({ folder: 'Folk' }));
    expect(await screen.findByRole('combobox', { name: 'Folder' })).toHaveValue('Folk');
  });

  it('opens with the folder of the URL matched ignoring case, as the filter matches (no second entry)', async () => {
    // API.md "Collection details": `folder=F` is "exact, ignoring case".
    ownCrate();
    renderApp({ route: '/user/profile?folder=jazz', state: signedIn() });
    const select = await screen.findByRole('combobox', { name: 'Folder' });
    await waitFor(() => expect(select).toHaveValue('Jazz'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All folders', 'Folk (1)', 'Jazz (2)']);
  });

  it('shows no folder select for a crate without folders', async () => {
    server.use(
      http.get('/api/record', () => HttpResponse.json([crate[0]], { headers: { 'X-Total-Count': '1' } })),
    );
    renderApp({ route: '/user/profile', state: signedIn() });
    await waitFor(() => expect(covers()).toEqual(['Blue']));
    expect(screen.queryByRole('combobox', { name: 'Folder' })).not.toBeInTheDocument();
  });
});
