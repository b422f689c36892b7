/**
 * The wantlist screens (EXTENSIONS.md §6) with the real store and sagas, the network faked
 * with msw: the list (priority first, sort radios, search), Add a want, a want's details
 * with "{friend} owns it", Edit, Delete and Got it, and a friend's Wants tab.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Swal from 'sweetalert2';
import type { CrateRecord, Want } from '@spincrate/contract';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

const MOODS = [
  { id: 10, mood: 'Mellow' },
  { id: 11, mood: 'Upbeat' },
];

function want(fields: Partial<Want> & { id: number; title: string }): Want {
  return {
    artist: 'Funkadelic',
    year: null,
    barcode: null,
    mb_release_id: null,
    mb_release_group_id: null,
    coverart: '/covers/fallback.svg',
    priority: 2,
    max_price: null,
    notes: null,
    date_added: '2026-11-20T14:03:00.000Z',
    cover: null,
    ...fields,
  };
}

const MAGGOT = want({
  id: 4,
  title: 'Maggot Brain',
  year: 1971,
  priority: 1,
  max_price: { amount: '30.00', currency: 'EUR' },
  notes: 'orig. Westbound',
});
const FREE = want({ id: 5, title: 'Free Your Mind', priority: 3 });

const requests: string[] = [];
const bodies: Array<{ url: string; body: unknown }> = [];

beforeEach(() => {
  sessionStorage.setItem(LOADING_SHOWN_KEY, '1');
  requests.length = 0;
  bodies.length = 0;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  });
  server.use(
    http.get('/api/mood', () => HttpResponse.json(MOODS)),
    http.get('/api/want', () => HttpResponse.json([MAGGOT, FREE])),
    http.get('/api/want/:id/owners', () => HttpResponse.json([])),
    http.get('/api/social/friends', () => HttpResponse.json([{ friend_id: 9, friend_username: 'sam' }])),
  );
});
afterEach(() => {
  server.events.removeAllListeners('request:start');
  Swal.close();
  vi.restoreAllMocks();
});

describe('/wants', () => {
  it('shows the wants as cards, asking for the Priority sort first; the radios and the search ask again', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/wants', state: signedIn() });
    const list = await screen.findByRole('list', { name: 'Your wants' });
    const cards = await within(list).findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Maggot Brain');
    expect(cards[0]).toHaveTextContent('Funkadelic');
    expect(cards[0]).toHaveTextContent('1971');
    expect(cards[0]).toHaveTextContent('Up to 30.00 EUR');
    // Priority 1 (most wanted) fills the 3 dots; priority 3 fills one.
    expect(within(cards[0]!).getByRole('img', { name: 'Priority 1 of 3 (most wanted)' })).toHaveTextContent(
      '●●●',
    );
    expect(within(cards[0]!).getByRole('img', { name: 'Cover of Maggot Brain' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('img', { name: 'Priority 3 of 3 (least wanted)' })).toHaveTextContent(
      '●○○',
    );
    expect(within(cards[0]!).getByRole('link')).toHaveAttribute('href', '/wants/4');
    expect(screen.getByRole('radio', { name: 'Priority' })).toBeChecked();
    expect(requests).toContain('GET /api/want?sort=priority');
    expect(screen.getByRole('link', { name: 'Add a want' })).toHaveAttribute('href', '/wants/add');

    await user.click(screen.getByRole('radio', { name: 'Album' }));
    await waitFor(() => expect(requests).toContain('GET /api/want?sort=title_asc'));
    await user.click(screen.getByRole('radio', { name: 'Artist' }));
    await waitFor(() => expect(requests).toContain('GET /api/want?sort=artist_asc'));
    await user.click(screen.getByRole('radio', { name: 'Newest' }));
    await waitFor(() => expect(requests).toContain('GET /api/want?sort=newest'));
    await user.type(screen.getByRole('searchbox', { name: 'Search wants' }), 'maggot');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests).toContain('GET /api/want?sort=newest&search=maggot'));
  });

  it("shows a want's own thumbnails (srcset 250 and 500 px) once it has cover, else its coverart", async () => {
    const small = `/covers/${'a'.repeat(32)}-250.webp`;
    const large = `/covers/${'a'.repeat(32)}-500.webp`;
    server.use(
      http.get('/api/want', () =>
        HttpResponse.json([
          { ...MAGGOT, coverart: 'https://images.test/maggot.jpg', cover: { small, large } },
          { ...FREE, coverart: 'https://images.test/free.jpg' },
        ]),
      ),
    );
    renderApp({ route: '/wants', state: signedIn() });
    const list = await screen.findByRole('list', { name: 'Your wants' });
    const cards = await within(list).findAllByRole('listitem');
    const withCover = within(cards[0]!).getByRole('img', { name: 'Cover of Maggot Brain' });
    // What the browser loads: Spincrate's own thumbnails, never the image host.
    expect(withCover).toHaveAttribute('src', small);
    expect(withCover).toHaveAttribute('srcset', `${small} 250w, ${large} 500w`);
    expect(withCover).toHaveAttribute('sizes', '96px');
    const withoutCover = within(cards[1]!).getByRole('img', { name: 'Cover of Free Your Mind' });
    expect(withoutCover).toHaveAttribute('src', 'https://images.test/free.jpg');
    expect(withoutCover).not.toHaveAttribute('srcset');

    // The want's details show the large one to a wide or dense screen.
    await userEvent.setup().click(within(cards[0]!).getByRole('link'));
    expect(await screen.findByRole('heading', { name: 'Maggot Brain' })).toBeInTheDocument();
    const details = screen.getByRole('img', { name: 'Cover of Maggot Brain' });
    expect(details).toHaveAttribute('src', small);
    expect(details).toHaveAttribute('srcset', `${small} 250w, ${large} 500w`);
  });

  it('says so when the wantlist is empty', async () => {
    server.use(http.get('/api/want', () => HttpResponse.json([])));
    renderApp({ route: '/wants', state: signedIn() });
    expect(await screen.findByText('Your wantlist is empty.')).toBeInTheDocument();
  });
});

describe('/wants/add', () => {
  it('posts the want (no mood; priority, max price, notes, a clientId) and goes back to the wantlist', async () => {
    server.use(
      http.post('/api/want/add', async ({ request }) => {
        const body = await request.json();
        bodies.push({ url: 'add', body });
        return HttpResponse.json(want({ id: 6, title: 'Tago Mago', artist: 'Can' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/wants/add', state: signedIn() });
    await user.type(await screen.findByLabelText('Artist'), 'Can');
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.type(screen.getByLabelText('Year (optional)'), '1971');
    await user.selectOptions(screen.getByLabelText('Priority'), '1');
    await user.type(screen.getByLabelText('Amount'), '25.5');
    await user.type(screen.getByLabelText('Notes (optional)'), 'UA pressing');
    expect(screen.queryByLabelText(/Mood/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ADD WANT' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/wants'));
    expect(bodies[0]!.body).toEqual({
      artist: 'Can',
      title: 'Tago Mago',
      year: 1971,
      priority: 1,
      max_price: { amount: '25.5', currency: 'EUR' },
      notes: 'UA pressing',
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('offers "Scan barcode" as add record does: the scanner with its photo input once opened', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/wants/add', state: signedIn() });
    const scan = await screen.findByRole('button', { name: 'Scan barcode' });
    expect(scan).toHaveAttribute('aria-expanded', 'false');
    expect(scan.compareDocumentPosition(screen.getByLabelText('Artist'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // "always offered" (EXTENSIONS.md §4), before the scanner is opened too.
    expect(screen.getByLabelText('Take or choose a photo')).toHaveAttribute('type', 'file');
    await user.click(scan);
    // jsdom has no camera: the page says so and keeps the photo and the digits.
    expect(await screen.findByText(/No camera here/)).toBeInTheDocument();
    expect(screen.getByLabelText('Type the digits')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close scanner' }));
    expect(screen.queryByText(/No camera here/)).toBeNull();
    expect(screen.getByLabelText('Take or choose a photo')).toBeInTheDocument();
  });

  it('refuses typed digits that are not 8, 12 or 13 long, asking nothing', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/wants/add', state: signedIn() });
    await user.type(await screen.findByLabelText('Type the digits'), '12345');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('A barcode has 8, 12 or 13 digits.')).toBeVisible();
    expect(requests.filter((r) => r.includes('/api/lookup/barcode'))).toEqual([]);
  });

  it('adds a want by barcode: the pressing picked fills the form and goes with the add', async () => {
    const release = {
      mb_release_id: '0b7f4b6e-1f1c-4c5e-9a33-3f4f5c7a0c11',
      mb_release_group_id: '48b6f7d5-9d8a-3a53-a6f5-1b2d6c1b0a22',
      title: 'Dummy',
      artist: 'Portishead',
      year: 1994,
      label: 'Go! Beat',
      catalog_number: '828 553-1',
      country: 'GB',
      format: '12" Vinyl',
      coverart: null,
      owned: { record_id: null, other_editions: [], want_id: null },
    };
    server.use(
      http.get('/api/lookup/barcode', ({ request }) =>
        HttpResponse.json({ code: new URL(request.url).searchParams.get('code'), releases: [release] }),
      ),
      http.post('/api/want/add', async ({ request }) => {
        bodies.push({ url: 'add', body: await request.json() });
        return HttpResponse.json(want({ id: 8, title: 'Dummy', artist: 'Portishead' }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/wants/add', state: signedIn() });
    await user.type(await screen.findByLabelText('Type the digits'), '0042282855312');
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    const pressings = await screen.findByRole('list', { name: 'Pressings found for 0042282855312' });
    expect(pressings).toHaveTextContent('1994 · Go! Beat · 828 553-1 · GB · 12" Vinyl');
    await user.click(within(pressings).getByRole('button', { name: /Choose/ }));
    expect(screen.getByLabelText('Artist')).toHaveValue('Portishead');
    expect(screen.getByLabelText('Title')).toHaveValue('Dummy');
    expect(screen.getByLabelText('Year (optional)')).toHaveValue('1994');
    expect(screen.getByLabelText('Barcode (optional)')).toHaveValue('0042282855312');
    await user.click(screen.getByRole('button', { name: 'ADD WANT' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/wants$/));
    expect(bodies[0]!.body).toMatchObject({
      artist: 'Portishead',
      title: 'Dummy',
      year: 1994,
      barcode: '0042282855312',
      mb_release_id: release.mb_release_id,
    });
  });

  it('keeps the form and says what is wrong when the server refuses it', async () => {
    server.use(
      http.post('/api/want/add', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'title is required',
              fields: { title: 'is required' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderApp({ route: '/wants/add', state: signedIn() });
    await user.type(await screen.findByLabelText('Artist'), 'Can');
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.click(screen.getByRole('button', { name: 'ADD WANT' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('title is required');
    expect(screen.getByTestId('location')).toHaveTextContent('/wants/add');
    expect(screen.getByLabelText('Artist')).toHaveValue('Can');
  });
});

describe('/wants/{id}', () => {
  it('shows "{friend} owns it" linking to the friend\'s record', async () => {
    server.use(
      http.get('/api/want/:id/owners', () =>
        HttpResponse.json([{ friend_id: 9, friend_username: 'sam', record_id: 12 }]),
      ),
    );
    renderApp({ route: '/wants/4', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Maggot Brain' })).toBeInTheDocument();
    const owns = await screen.findByRole('link', { name: 'sam owns it' });
    expect(owns).toHaveAttribute('href', '/social/friends/9/12');
    expect(requests).toContain('GET /api/want/4/owners');
    expect(screen.getByText('orig. Westbound')).toBeInTheDocument();
  });

  it('Got it asks for the mood and the optional details, moves the want into the crate and opens the new record', async () => {
    const record = { id: 77, title: 'Maggot Brain' } as CrateRecord;
    server.use(
      http.post('/api/want/:id/got', async ({ request, params }) => {
        bodies.push({ url: `got ${String(params.id)}`, body: await request.json() });
        return HttpResponse.json(record, { status: 201 });
      }),
      http.get('/api/record/:id', () => HttpResponse.json(record)),
    );
    const user = userEvent.setup();
    renderApp({ route: '/wants/4', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Got it' }));
    // Without a mood nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Move to crate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a mood for the record.');
    await user.selectOptions(await screen.findByLabelText('Mood'), 'Mellow');
    await user.selectOptions(screen.getByLabelText('Media condition (optional)'), 'Very Good Plus (VG+)');
    await user.type(screen.getByLabelText('Amount'), '24.99');
    await user.type(screen.getByLabelText('Bought from (optional)'), 'Rough Trade East');
    await user.click(screen.getByRole('button', { name: 'Move to crate' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/details/77'));
    expect(bodies).toEqual([
      {
        url: 'got 4',
        body: {
          mood: 10,
          media_condition: 'Very Good Plus (VG+)',
          price: { amount: '24.99', currency: 'EUR' },
          purchased_from: 'Rough Trade East',
        },
      },
    ]);
  });

  it('Got it offers the currencies with the last one used first chosen (EXTENSIONS.md §5), and remembers its own', async () => {
    // "the last currency used is the default": GBP was the last price's currency.
    localStorage.setItem('spincrate.lastCurrency', 'GBP');
    const record = { id: 78, title: 'Maggot Brain' } as CrateRecord;
    server.use(
      http.post('/api/want/:id/got', async ({ request, params }) => {
        bodies.push({ url: `got ${String(params.id)}`, body: await request.json() });
        return HttpResponse.json(record, { status: 201 });
      }),
      http.get('/api/record/:id', () => HttpResponse.json(record)),
    );
    const user = userEvent.setup();
    renderApp({ route: '/wants/4', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Got it' }));
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveValue('GBP');
    await user.selectOptions(await screen.findByLabelText('Mood'), 'Mellow');
    await user.type(screen.getByLabelText('Amount'), '30');
    await user.selectOptions(currency, 'USD');
    await user.click(screen.getByRole('button', { name: 'Move to crate' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/details/78'));
    expect(bodies.at(-1)).toEqual({
      url: 'got 4',
      body: { mood: 10, price: { amount: '30', currency: 'USD' } },
    });
    expect(localStorage.getItem('spincrate.lastCurrency')).toBe('USD');
    localStorage.removeItem('spincrate.lastCurrency');
  });

  it('?got=1 (from the barcode screen) opens Got it at once', async () => {
    renderApp({ route: '/wants/4?got=1', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Got it: move to your crate' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mood')).toBeInTheDocument();
  });

  it('Edit saves the changed want; Delete asks first, then goes back to the wantlist', async () => {
    server.use(
      http.put('/api/want/edit', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push({ url: 'edit', body });
        return HttpResponse.json({ ...MAGGOT, priority: body.priority as number });
      }),
      http.delete('/api/want/:id', () => new HttpResponse(null, { status: 204 })),
    );
    const user = userEvent.setup();
    renderApp({ route: '/wants/4', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Maggot Brain');
    await user.selectOptions(screen.getByLabelText('Priority'), '3');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByRole('img', { name: 'Priority 3 of 3 (least wanted)' })).toBeInTheDocument();
    expect(bodies[0]!.body).toMatchObject({ id: 4, title: 'Maggot Brain', priority: 3 });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: /yes|delete/i }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/wants$/));
    expect(requests).toContain('DELETE /api/want/4');
  });
});

describe("a friend's Wants tab", () => {
  it("shows the Crate and Wants tabs; Wants lists the friend's wants without a max price", async () => {
    server.use(
      http.get('/api/social/friends/want', ({ request }) => {
        const id = new URL(request.url).searchParams.get('id');
        return HttpResponse.json(id === '9' ? [{ ...FREE }].map(({ max_price: _m, ...rest }) => rest) : []);
      }),
    );
    renderApp({ route: '/social/friends/9/wants', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'sam' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: "Friend's page" });
    expect(within(tabs).getByRole('link', { name: 'Crate' })).toHaveAttribute('href', '/social/friends/9');
    expect(within(tabs).getByRole('link', { name: 'Wants' })).toHaveAttribute(
      'href',
      '/social/friends/9/wants',
    );
    const list = screen.getByRole('list', { name: "sam's wants" });
    expect(await within(list).findByText('Free Your Mind')).toBeInTheDocument();
    expect(list).not.toHaveTextContent('Up to');
    expect(requests.some((r) => r.startsWith('GET /api/social/friends/want?id=9'))).toBe(true);
  });

  it('says "Friend not found" when the server answers 404', async () => {
    server.use(
      http.get('/api/social/friends/want', () =>
        HttpResponse.json(
          { error: { code: 'not_found', message: 'No friend with that id' } },
          { status: 404 },
        ),
      ),
    );
    renderApp({ route: '/social/friends/3/wants', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Friend not found' })).toBeInTheDocument();
  });
});
