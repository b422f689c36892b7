import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { format } from 'date-fns';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { makeRecord } from '@/test/records';

// jsdom cannot draw (no canvas, no image decoding): the card's PNG is made by the browser
// in the e2e journey; here the drawing step gives a small PNG blob and the rest runs as is.
vi.mock('./shareCard', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./shareCard')>();
  return {
    ...actual,
    cardPng: vi.fn(async (svg: string, covers: Array<{ src: string }> = []) => {
      drawn.push(svg);
      drawnCovers.push(covers.map((cover) => cover.src));
      return new Blob(['png'], { type: 'image/png' });
    }),
  };
});
const drawn: string[] = [];
/** The covers each card was asked to draw on its canvas. */
const drawnCovers: string[][] = [];

beforeAll(async () => {
  // The screen's chunk (with the chart library) is transformed once, before the first test waits for it.
  await import('./RewindPage');
});
// jsdom has no ResizeObserver; the chart library measures its box with one.
beforeEach(() => {
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
const thisYear = Number(today.slice(0, 4));
const lastYear = thisYear - 1;

const blue = makeRecord({ id: 7, title: 'Blue', artist: 'Joni Mitchell', play_count: 9 });
const can = makeRecord({ id: 8, title: 'Tago Mago', artist: 'Can', play_count: 2, coverart: '' });
const records = [blue, can, ...[3, 4, 5, 6].map((id) => makeRecord({ id: 100 + id, title: `Record ${id}` }))];

/** An answer of GET /api/stats/year/{yyyy} as API.md "Year in review" describes it. */
function reviewBody(year: number, fields: Record<string, unknown> = {}) {
  return {
    year,
    complete: year < thisYear,
    spins: 120,
    plays: 187,
    minutes: 7290,
    records_played: 64,
    records_added: 23,
    first_plays: 17,
    rescued: 5,
    top_records: records.map((record, i) => ({ record, plays: 12 - i })),
    top_artists: [
      { artist: 'Joni Mitchell', records: 3, plays: 21 },
      { artist: 'Can', records: 2, plays: 8 },
    ],
    by_mood: [{ mood: 'Mellow', records: 30, plays: 90 }],
    by_tag: [{ tag: 'folk', records: 12, plays: 40 }],
    by_decade: [
      { decade: 1970, records: 40, plays: 120 },
      { decade: null, records: 3, plays: 4 },
    ],
    longest_streak: 11,
    busiest_month: 3,
    busiest_weekday: 6,
    plays_by_month: [10, 20, 45, 15, 10, 10, 12, 14, 16, 15, 10, 10],
    favourite_new_record: { record: can, plays: 8 },
    spend: [],
    ...fields,
  };
}

let asked: string[];
beforeEach(() => {
  asked = [];
  drawn.length = 0;
  drawnCovers.length = 0;
});
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

function answer(body: Record<string, unknown>, status = 200) {
  server.use(
    http.get('/api/stats/year/:year', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
      return HttpResponse.json(body, { status });
    }),
  );
}

describe('RewindPage (EXTENSIONS.md §10)', () => {
  it("a finished year: its heading, every big number as text, asked for the user's calendar day", async () => {
    answer(reviewBody(lastYear));
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: `${lastYear} in review` }),
    ).toBeInTheDocument();
    const numbers = await screen.findByRole('region', { name: 'The year in numbers' });
    const value = (term: string) => within(numbers).getByText(term).nextElementSibling?.textContent;
    expect(value('Spins')).toBe('120');
    expect(value('Plays')).toBe('187');
    // 7290 / 60 = 121.5
    expect(value('Hours listened')).toBe('121.5');
    expect(value('Records played')).toBe('64');
    expect(value('Records added')).toBe('23');
    expect(value('First plays')).toBe('17');
    expect(value('Rescued from the dusty shelf')).toBe('5');
    expect(value('Longest streak')).toBe('11 days');
    expect(value('Busiest month')).toBe('March');
    expect(value('Busiest weekday')).toBe('Saturday');
    expect(asked).toEqual([`/api/stats/year/${lastYear}?today=${today}`]);
  });

  it('the year not over yet says "{year} so far"', async () => {
    answer(reviewBody(thisYear, { complete: false }));
    renderApp({ route: `/rewind/${thisYear}`, state: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: `${thisYear} so far` })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'The year in numbers' })).toBeInTheDocument();
  });

  it('top records with covers (a missing one falls back), top artists, the favourite new record, money spent', async () => {
    answer(reviewBody(lastYear));
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    const top = await screen.findByRole('region', { name: 'Most played records' });
    const items = within(top).getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[0]).toHaveTextContent('Blue');
    expect(items[0]).toHaveTextContent('Joni Mitchell');
    expect(items[0]).toHaveTextContent('12 plays');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/user/details/7');
    const cover = items[1]!.querySelector('img')!;
    fireEvent.error(cover);
    expect(cover.getAttribute('src')).toBe('/covers/fallback.svg');
    const artists = screen.getByRole('region', { name: 'Most played artists' });
    expect(
      within(artists)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Joni Mitchell: 21 plays, 3 records', 'Can: 8 plays, 2 records']);
    const favourite = screen.getByRole('region', { name: 'Favourite new record' });
    expect(favourite).toHaveTextContent('Tago Mago');
    expect(favourite).toHaveTextContent('8 plays');
    expect(screen.getByRole('region', { name: 'Money spent' })).toHaveTextContent(
      `No prices recorded for records bought in ${lastYear}.`,
    );
  });

  it("the top records' and the favourite's covers come from Spincrate's own origin once they have one (API.md \"Covers served by Spincrate\")", async () => {
    // API.md: "Cover images are shown from Spincrate's own origin, not hot-linked"; `cover`
    // is `{small, large}` once fetched, "else `null` (the client then shows `coverart`…)".
    const key = 'fedcba9876543210fedcba9876543210';
    const own = makeRecord({
      id: 21,
      title: 'Hejira',
      coverart: 'https://coverartarchive.org/release/abc/front',
      cover: { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` },
    });
    answer(
      reviewBody(lastYear, {
        top_records: [
          { record: own, plays: 9 },
          { record: blue, plays: 4 },
        ],
        favourite_new_record: { record: own, plays: 9 },
      }),
    );
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    const top = await screen.findByRole('region', { name: 'Most played records' });
    const [first, second] = within(top).getAllByRole('listitem');
    const favourite = screen.getByRole('region', { name: 'Favourite new record' });
    for (const img of [first!.querySelector('img')!, favourite.querySelector('img')!]) {
      expect(img).toHaveAttribute('src', `/covers/${key}-250.webp`);
      expect(img.getAttribute('srcset')).toContain(`/covers/${key}-500.webp`);
      expect(`${img.getAttribute('src')} ${img.getAttribute('srcset')}`).not.toContain('coverartarchive.org');
    }
    expect(second!.querySelector('img')).toHaveAttribute('src', blue.coverart);
  });

  it('plays by month has its twelve numbers in a table, and the other charts theirs', async () => {
    answer(reviewBody(lastYear));
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    const months = await screen.findByRole('table', { name: 'Plays by month' });
    const rows = within(months).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'January10',
      'February20',
      'March45',
      'April15',
      'May10',
      'June10',
      'July12',
      'August14',
      'September16',
      'October15',
      'November10',
      'December10',
    ]);
    expect(
      within(screen.getByRole('table', { name: /By mood/ })).getByRole('row', { name: 'Mellow 90 30' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: /By decade/ })).getByRole('row', { name: 'Unknown year 4 3' }),
    ).toBeInTheDocument();
  });

  it('the share card is downloaded as a PNG where the browser cannot share files', async () => {
    answer(reviewBody(lastYear));
    const clicked: Array<{ download: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:card', revokeObjectURL: () => {} }),
    );
    const user = userEvent.setup();
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Make a share card' }));
    expect(
      await screen.findByText(`Your card was downloaded as spincrate-${lastYear}.png.`),
    ).toBeInTheDocument();
    expect(clicked).toEqual([{ download: `spincrate-${lastYear}.png`, href: 'blob:card' }]);
    // The card's picture: the heading, the numbers and the top 5 titles and artists as text.
    expect(drawn).toHaveLength(1);
    expect(drawn[0]).toContain("width='1080' height='1350'");
    expect(drawn[0]).toContain(`${lastYear} in review`);
    expect(drawn[0]).toContain('>120<');
    expect(drawn[0]).toContain('1. Blue');
    expect(drawn[0]).toContain('5. Record 5');
    expect(drawn[0]).not.toContain('Record 6');
    expect(drawn[0]).toContain('2. Can');
    expect(drawn[0]).not.toContain('<image');
  });

  it('the share card draws a top record\'s own cover, never a cover of another host (EXTENSIONS.md §10, API.md "Covers served by Spincrate")', async () => {
    // EXTENSIONS.md §10: "covers only where they can be drawn"; API.md: own covers are
    // "drawable on a canvas (the year-in-review card)".
    const key = '0123456789abcdef0123456789abcdef';
    const own = makeRecord({
      id: 31,
      title: 'Hejira',
      coverart: 'https://coverartarchive.org/release/abc/front',
      cover: { small: `/covers/${key}-250.webp`, large: `/covers/${key}-500.webp` },
    });
    const elsewhere = makeRecord({
      id: 32,
      title: 'Court and Spark',
      coverart: 'https://lastfm.freetls.fastly.net/i/u/300x300/a.png',
    });
    answer(
      reviewBody(lastYear, {
        top_records: [
          { record: elsewhere, plays: 9 },
          { record: own, plays: 8 },
        ],
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:card', revokeObjectURL: () => {} }),
    );
    const user = userEvent.setup();
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Make a share card' }));
    expect(
      await screen.findByText(`Your card was downloaded as spincrate-${lastYear}.png.`),
    ).toBeInTheDocument();
    expect(drawnCovers).toEqual([[`/covers/${key}-250.webp`]]);
    expect(drawn[0]).toContain('1. Court and Spark');
    expect(drawn[0]).toContain('2. Hejira');
    expect(drawn[0]).not.toContain('fastly.net');
    expect(drawn[0]).not.toContain('coverartarchive.org');
  });

  it('the share card goes to the system share sheet where the browser can share files', async () => {
    answer(reviewBody(lastYear));
    const shared: ShareData[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      canShare: (data: ShareData) => (data.files ?? []).every((file) => file.type === 'image/png'),
      share: async (data: ShareData) => {
        shared.push(data);
      },
    });
    const user = userEvent.setup();
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Make a share card' }));
    expect(await screen.findByText('Your card was shared.')).toBeInTheDocument();
    expect(shared).toHaveLength(1);
    expect(shared[0]!.files!.map((file) => [file.name, file.type])).toEqual([
      [`spincrate-${lastYear}.png`, 'image/png'],
    ]);
  });

  it('a year without spins says so', async () => {
    answer(
      reviewBody(lastYear, {
        spins: 0,
        plays: 0,
        minutes: 0,
        records_played: 0,
        records_added: 1,
        first_plays: 0,
        rescued: 0,
        top_records: [],
        top_artists: [],
        by_mood: [],
        by_tag: [],
        by_decade: [],
        longest_streak: 0,
        busiest_month: null,
        busiest_weekday: null,
        plays_by_month: Array.from({ length: 12 }, () => 0),
        favourite_new_record: null,
      }),
    );
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    expect(await screen.findByText(new RegExp(`No spins logged in ${lastYear}\\.`))).toBeInTheDocument();
    expect(screen.getByText('1 record added.')).toBeInTheDocument();
  });

  it('a year without spins still shows the records added and the money spent', async () => {
    // EXTENSIONS.md §10 lists "money spent" among the page's contents; API.md "Year in review":
    // `spend` "as in Stats, for records bought that year", whether or not any was played.
    answer(
      reviewBody(lastYear, {
        spins: 0,
        plays: 0,
        minutes: 0,
        records_played: 0,
        records_added: 13,
        first_plays: 0,
        rescued: 0,
        top_records: [],
        top_artists: [],
        by_mood: [],
        by_tag: [],
        by_decade: [],
        longest_streak: 0,
        busiest_month: null,
        busiest_weekday: null,
        plays_by_month: Array.from({ length: 12 }, () => 0),
        favourite_new_record: null,
        spend: [{ currency: 'EUR', total: '15.00', records: 1 }],
      }),
    );
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    expect(await screen.findByText(new RegExp(`No spins logged in ${lastYear}\\.`))).toBeInTheDocument();
    expect(screen.getByText('13 records added.')).toBeInTheDocument();
    const money = screen.getByRole('region', { name: 'Money spent' });
    expect(money).toHaveTextContent('15.00 EUR on 1 record');
  });

  it('a year still to come is not asked for', async () => {
    answer(reviewBody(thisYear + 1));
    renderApp({ route: `/rewind/${thisYear + 1}`, state: signedIn() });
    expect(
      await screen.findByText(new RegExp(`There is no year in review for ${thisYear + 1}\\.`)),
    ).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('a failed load says so and can be tried again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ error: { code: 'unavailable', message: 'Try again later' } }, 503);
    const user = userEvent.setup();
    renderApp({ route: `/rewind/${lastYear}`, state: signedIn() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your year could not be loaded.');
    answer(reviewBody(lastYear));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'The year in numbers' })).toBeInTheDocument();
  });

  it('is protected: signed out, the landing screen shows instead', async () => {
    renderApp({ route: `/rewind/${lastYear}`, state: { user: { user: {}, status: 'succeeded' as const } } });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual([]));
  });
});
