import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { format, subDays } from 'date-fns';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { makeRecord } from '@/test/records';

// jsdom has no ResizeObserver; the chart library measures its box with one.
beforeAll(() => {
  if (!('ResizeObserver' in window)) {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  }
});

const today = format(new Date(), 'yyyy-MM-dd');
const yesterday = format(subDays(new Date(), 1), 'yyyy-MM-dd');
const blue = makeRecord({ id: 7, title: 'Blue', artist: 'Joni Mitchell', play_count: 5, last_played: today });
const can = makeRecord({ id: 8, title: 'Tago Mago', artist: 'Can', play_count: 1, last_played: yesterday });

/** An answer of GET /api/stats as API.md "Listening statistics" shows it. */
function statsBody(fields: Record<string, unknown> = {}) {
  return {
    today,
    records: 412,
    spins: 310,
    minutes: 18540,
    first_spin: '2024-01-03',
    spin_years: [2024, 2025, 2026],
    current_streak: 4,
    longest_streak: 19,
    days: [
      { date: yesterday, spins: 1, minutes: 40 },
      { date: today, spins: 2, minutes: 95 },
    ],
    top_records: [blue, can],
    never_played: 37,
    by_mood: [{ mood: 'Mellow', records: 12, plays: 30 }],
    by_tag: [
      { tag: 'jazz', records: 40, plays: 88 },
      { tag: 'krautrock', records: 3, plays: 1 },
    ],
    by_decade: [
      { decade: 1970, records: 51, plays: 120 },
      { decade: null, records: 2, plays: 0 },
    ],
    spend: [],
    cost_per_play: [],
    ...fields,
  };
}

let queries: string[];
beforeEach(() => {
  queries = [];
});
afterEach(() => vi.restoreAllMocks());

function answer(body: Record<string, unknown>, status = 200) {
  server.use(
    http.get('/api/stats', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json(body, { status });
    }),
  );
}

describe('StatsPage (EXTENSIONS.md §3)', () => {
  it('heading "stats" and the totals: records, spins, hours listened (minutes / 60, one decimal), streaks, never played', async () => {
    answer(statsBody());
    renderApp({ route: '/stats', state: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'stats' })).toBeInTheDocument();
    const totals = await screen.findByRole('region', { name: 'Totals' });
    const value = (term: string) => within(totals).getByText(term).nextElementSibling?.textContent;
    expect(value('Records')).toBe('412');
    expect(value('Spins')).toBe('310');
    // 18540 / 60 = 309.0
    expect(value('Hours listened')).toBe('309.0');
    expect(value('Current streak')).toBe('4 days');
    expect(value('Longest streak')).toBe('19 days');
    // "records never played (a link to the collection sorted Least Recently Played)"
    expect(within(totals).getByRole('link', { name: '37 records' })).toHaveAttribute(
      'href',
      '/user/profile?sort=least_recently_played',
    );
    // The server is asked for the user's own calendar day.
    expect(queries).toEqual([`?today=${today}`]);
  });

  it('hours listened keep one decimal', async () => {
    answer(statsBody({ minutes: 95 }));
    renderApp({ route: '/stats', state: signedIn() });
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Hours listened').nextElementSibling).toHaveTextContent('1.6');
  });

  it('a heatmap of the last 365 days, one cell a day named "{MM/DD/YYYY}: {n} spins" ("1 spin"), ending today', async () => {
    answer(statsBody());
    renderApp({ route: '/stats', state: signedIn() });
    const heatmap = await screen.findByRole('region', { name: 'Spins per day, last 365 days' });
    const cells = within(heatmap).getAllByRole('img');
    expect(cells).toHaveLength(365);
    const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    expect(cells.at(-1)).toHaveAccessibleName(`${mmddyyyy(today)}: 2 spins`);
    // EXTENSIONS.md §11: "Numbers in texts agree with their nouns".
    expect(cells.at(-2)).toHaveAccessibleName(`${mmddyyyy(yesterday)}: 1 spin`);
    const first = format(subDays(new Date(), 364), 'MM/dd/yyyy');
    expect(cells[0]).toHaveAccessibleName(`${first}: 0 spins`);
    // Darker with more spins: each count has its own level.
    const level = (cell: HTMLElement) => cell.getAttribute('class');
    expect(level(cells.at(-1)!)).not.toBe(level(cells.at(-2)!));
    expect(level(cells.at(-2)!)).not.toBe(level(cells[0]!));
  });

  it('the top records show cover, title, artist and plays; a click opens the record', async () => {
    answer(statsBody());
    server.use(
      http.get('/api/record', () => HttpResponse.json([blue, can])),
      // The record's screen opened by the click asks for the record: answered, so no request of
      // this test is left waiting to be sent again into the next one.
      http.get('/api/record/:id', () => HttpResponse.json(blue)),
    );
    const user = userEvent.setup();
    renderApp({ route: '/stats', state: signedIn() });
    const top = await screen.findByRole('region', { name: 'Most played' });
    const items = within(top).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Blue');
    expect(items[0]).toHaveTextContent('Joni Mitchell');
    expect(items[0]).toHaveTextContent('5 plays');
    expect(items[1]).toHaveTextContent('1 play');
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', blue.coverart);
    await user.click(within(items[0]!).getByRole('link'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/details/7'));
  });

  it('a top record\'s cover comes from Spincrate\'s own origin once it has one, else from coverart (API.md "Covers served by Spincrate")', async () => {
    // API.md: "Cover images are shown from Spincrate's own origin, not hot-linked"; `cover` is
    // `{small: "/covers/{key}-250.webp", large: "/covers/{key}-500.webp"}` once fetched, "else
    // `null` (the client then shows `coverart`…)".
    const key = '0123456789abcdef0123456789abcdef';
    const own = makeRecord({
      id: 9,
      title: 'Hejira',
      play_count: 3,
      coverart: 'https://coverartarchive.org/release/abc/front',
      cover: { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` },
    });
    answer(statsBody({ top_records: [own, can] }));
    renderApp({ route: '/stats', state: signedIn() });
    const top = await screen.findByRole('region', { name: 'Most played' });
    const [first, second] = within(top).getAllByRole('listitem');
    const img = first!.querySelector('img')!;
    expect(img).toHaveAttribute('src', `/covers/${key}-250.webp`);
    expect(img.getAttribute('srcset')).toContain(`/covers/${key}-500.webp`);
    expect(img.getAttribute('src')).not.toContain('coverartarchive.org');
    expect(img.getAttribute('srcset')).not.toContain('coverartarchive.org');
    // Without its own cover yet: the record's coverart.
    expect(second!.querySelector('img')).toHaveAttribute('src', can.coverart);
  });

  it('a top record opens with one request for that record, not a walk through the whole crate (API.md "One record")', async () => {
    answer(statsBody());
    const asked: string[] = [];
    server.use(
      http.get('/api/record/search', ({ request }) => {
        asked.push(`search ${new URL(request.url).searchParams.get('search')}`);
        return HttpResponse.json([blue], { headers: { 'X-Total-Count': '1' } });
      }),
      http.get('/api/record/:id', ({ params }) => {
        asked.push(`record ${String(params.id)}`);
        return HttpResponse.json(blue);
      }),
      http.get('/api/record', () => {
        asked.push('whole crate');
        return HttpResponse.json([blue, can]);
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/stats', state: signedIn() });
    const top = await screen.findByRole('region', { name: 'Most played' });
    await user.click(within(top).getAllByRole('link')[0]!);
    expect(await screen.findByRole('heading', { name: 'Blue' })).toBeInTheDocument();
    expect(asked).toEqual(['record 7']);
  });

  it('every chart has its numbers in a table: plays and records by mood, by tag and by decade', async () => {
    answer(statsBody());
    renderApp({ route: '/stats', state: signedIn() });
    const mood = await screen.findByRole('table', { name: /By mood/ });
    expect(within(mood).getByRole('row', { name: 'Mellow 30 12' })).toBeInTheDocument();
    const tags = screen.getByRole('table', { name: /By tag/ });
    expect(within(tags).getByRole('row', { name: 'jazz 88 40' })).toBeInTheDocument();
    expect(within(tags).getByRole('row', { name: 'krautrock 1 3' })).toBeInTheDocument();
    const decades = screen.getByRole('table', { name: /By decade/ });
    expect(within(decades).getByRole('row', { name: '1970s 120 51' })).toBeInTheDocument();
    expect(within(decades).getByRole('row', { name: 'Unknown year 0 2' })).toBeInTheDocument();
    expect(
      within(decades)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Decade', 'Plays', 'Records']);
  });

  it('links the year in review of each year with spins, newest first; a click opens /rewind/{year}', async () => {
    answer(statsBody());
    server.use(
      http.get('/api/stats/year/:year', () =>
        HttpResponse.json({ error: { code: 'unavailable', message: 'later' } }, { status: 503 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp({ route: '/stats', state: signedIn() });
    const years = await screen.findByRole('navigation', { name: 'Year in review' });
    expect(
      within(years)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['2026', '2025', '2024']);
    await user.click(within(years).getByRole('link', { name: '2025' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/rewind/2025'));
  });

  it('no spins yet: "Log a spin to see your listening here." with a link to /spins/add', async () => {
    answer(
      statsBody({
        spins: 0,
        minutes: 0,
        current_streak: 0,
        longest_streak: 0,
        days: [],
        top_records: [],
        first_spin: null,
        never_played: 412,
        spend: [{ currency: 'EUR', total: '1234.50', records: 80 }],
      }),
    );
    renderApp({ route: '/stats', state: signedIn() });
    expect(await screen.findByText(/Log a spin to see your listening here\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a spin' })).toHaveAttribute('href', '/spins/add');
    expect(screen.queryByRole('region', { name: 'Spins per day, last 365 days' })).not.toBeInTheDocument();
    // The crate's own facts still show: its 412 records, all never played, and the money spent.
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('412 records')).toHaveAttribute(
      'href',
      '/user/profile?sort=least_recently_played',
    );
    const money = screen.getByRole('table', { name: 'Money spent per currency' });
    expect(within(money).getByRole('row', { name: /EUR/ })).toHaveTextContent('1234.50');
  });

  it('a failed load says so and can be tried again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ error: { code: 'unavailable', message: 'Try again later' } }, 503);
    const user = userEvent.setup();
    renderApp({ route: '/stats', state: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your stats could not be loaded.');
    answer(statsBody());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeInTheDocument();
  });

  it('is protected: signed out, the landing screen shows instead', async () => {
    renderApp({ route: '/stats', state: { user: { user: {}, status: 'succeeded' as const } } });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'stats' })).not.toBeInTheDocument();
  });
});

describe('money on the stats page (EXTENSIONS.md §5)', () => {
  it('shows money spent per currency and "Cheapest per play" as tables', async () => {
    const priced = { ...can, price: { amount: '3.00', currency: 'EUR' }, play_count: 4 };
    answer(
      statsBody({
        spend: [
          { currency: 'EUR', total: '1234.50', records: 61 },
          { currency: 'USD', total: '20.00', records: 1 },
        ],
        cost_per_play: [{ record: priced, per_play: '0.75', currency: 'EUR' }],
      }),
    );
    renderApp({ route: '/stats', state: signedIn() });
    const spent = await screen.findByRole('table', { name: 'Money spent per currency' });
    const rows = within(spent)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['CurrencySpentRecords', 'EUR1234.5061', 'USD20.001']);
    const cheapest = screen.getByRole('table', { name: 'Cheapest per play' });
    expect(within(cheapest).getByRole('link', { name: 'Tago Mago — Can' })).toHaveAttribute(
      'href',
      '/user/details/8',
    );
    expect(within(cheapest).getByText('0.75 EUR')).toBeInTheDocument();
  });

  it('shows no money section for a crate without prices', async () => {
    answer(statsBody());
    renderApp({ route: '/stats', state: signedIn() });
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Money spent' })).toBeNull();
  });
});
