import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Release } from '@spincrate/contract';
import { makeRecord, MOODS } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { trackRequests } from './testing';

const requests = trackRequests();

const LP: Release = {
  mb_release_id: '0b7f4b6e-1f1c-4c5e-9a33-3f4f5c7a0c11',
  mb_release_group_id: '48b6f7d5-9d8a-3a53-a6f5-1b2d6c1b0a22',
  title: 'Dummy',
  artist: 'Portishead',
  year: 1994,
  label: 'Go! Beat',
  catalog_number: '828 553-1',
  country: 'GB',
  format: '12" Vinyl',
  coverart: 'http://covers.test/front-250',
  owned: { record_id: null, other_editions: [], want_id: null, records: [] },
};
const CD: Release = {
  ...LP,
  mb_release_id: '1c8e5c7f-2a2d-4d6f-8b44-4a5a6d8b1d33',
  label: 'Go! Discs',
  catalog_number: '828 522-2',
  format: 'CD',
};

beforeEach(() => {
  sessionStorage.setItem(LOADING_SHOWN_KEY, '1');
  server.use(
    http.get('/api/mood', () => HttpResponse.json(MOODS)),
    http.get('/api/record', () => HttpResponse.json([])),
  );
});

function answerLookup(releases: Release[] | 'unavailable') {
  server.use(
    http.get('/api/lookup/barcode', ({ request }) => {
      const code = new URL(request.url).searchParams.get('code');
      if (releases === 'unavailable') {
        return HttpResponse.json(
          { error: { code: 'unavailable', message: 'down' } },
          { status: 503, headers: { 'Retry-After': '10' } },
        );
      }
      return HttpResponse.json({ code, releases });
    }),
  );
}

async function openForm(state = signedIn()) {
  renderApp({ route: '/user/add', state });
  // The screen is loaded on demand: the first render of a run may take a while on a busy machine.
  await screen.findByRole('option', { name: 'Upbeat' });
}

async function typeDigits(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await user.clear(screen.getByLabelText('Type the digits'));
  await user.type(screen.getByLabelText('Type the digits'), digits);
  await user.click(screen.getByRole('button', { name: 'Look up' }));
}

describe('Add by barcode (EXTENSIONS.md §4)', () => {
  it('offers "Scan barcode" above the form, the photo input and the digits always, and the camera once opened', async () => {
    const user = userEvent.setup();
    await openForm();
    const scan = screen.getByRole('button', { name: 'Scan barcode' });
    expect(scan).toHaveAttribute('aria-expanded', 'false');
    expect(scan.compareDocumentPosition(screen.getByLabelText('Artist'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // EXTENSIONS.md §4: "a 'Take or choose a photo' file input and a 'Type the digits' field are
    // always offered too" — before the scanner is opened as well.
    expect(screen.getByLabelText('Take or choose a photo')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Type the digits')).toBeInTheDocument();
    await user.click(scan);
    // jsdom has no camera: the page says so and keeps the photo and the digits.
    expect(await screen.findByText(/No camera here/)).toBeInTheDocument();
    expect(screen.getByLabelText('Take or choose a photo')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Type the digits')).toBeInTheDocument();
  });

  it('opens the rear camera where the browser allows it, and lets it go when the scanner closes', async () => {
    const stop = vi.fn();
    const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [{ stop }] });
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    try {
      const user = userEvent.setup();
      await openForm();
      await user.click(screen.getByRole('button', { name: 'Scan barcode' }));
      expect(await screen.findByText('Point the camera at the barcode.')).toBeVisible();
      expect(getUserMedia).toHaveBeenCalledWith({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      // The photo and the digits stay on offer beside the camera.
      expect(screen.getByLabelText('Take or choose a photo')).toBeInTheDocument();
      expect(screen.getByLabelText('Type the digits')).toBeInTheDocument();
      expect(stop).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Close scanner' }));
      expect(stop).toHaveBeenCalled();
    } finally {
      play.mockRestore();
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('refuses digits that are not 8, 12 or 13 long, asking nothing', async () => {
    const user = userEvent.setup();
    await openForm();
    await typeDigits(user, '12345');
    expect(await screen.findByText('A barcode has 8, 12 or 13 digits.')).toBeVisible();
    expect(requests.some((r) => r.startsWith('GET /api/lookup'))).toBe(false);
  });

  it("shows a pressing's Cover Art Archive cover in its 250 and 500 px sizes (srcset), the 250 one as src", async () => {
    const caa = 'https://coverartarchive.org/release/0b7f4b6e-1f1c-4c5e-9a33-3f4f5c7a0c11/front';
    answerLookup([{ ...LP, coverart: `${caa}-250` }]);
    const user = userEvent.setup();
    await openForm();
    await typeDigits(user, '0042282855312');
    const list = await screen.findByRole('list', { name: 'Pressings found for 0042282855312' });
    const cover = within(list).getByRole('img', { name: 'Cover of Dummy' });
    expect(cover).toHaveAttribute('src', `${caa}-250`);
    expect(cover).toHaveAttribute('srcset', `${caa}-250 250w, ${caa}-500 500w`);
    expect(cover).toHaveAttribute('sizes', '72px');
  });

  it('lists the pressings, and picking one fills the form; the add sends barcode and release', async () => {
    answerLookup([LP, CD]);
    let body: unknown;
    server.use(
      http.post('/api/record/add', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeRecord({ id: 70, artist: 'Portishead', title: 'Dummy' }), {
          status: 201,
        });
      }),
    );
    const user = userEvent.setup();
    await openForm();
    await typeDigits(user, '0042282855312');
    const list = await screen.findByRole('list', { name: 'Pressings found for 0042282855312' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Dummy — Portishead');
    expect(items[0]).toHaveTextContent('1994 · Go! Beat · 828 553-1 · GB · 12" Vinyl');
    expect(within(items[1]!).getByRole('img', { name: 'Cover of Dummy' })).toHaveAttribute(
      'src',
      'http://covers.test/front-250',
    );
    await user.click(within(items[1]!).getByRole('button', { name: /Choose/ }));

    expect(screen.getByLabelText('Artist')).toHaveValue('Portishead');
    expect(screen.getByLabelText('Title')).toHaveValue('Dummy');
    expect(screen.getByLabelText(/Year/)).toHaveValue(1994);
    expect(screen.getByLabelText(/Details/)).toHaveValue('Go! Discs · 828 522-2 · CD · GB');
    // Mood is still the user's to choose.
    expect(screen.getByLabelText('Mood')).toHaveValue('');
    expect(screen.queryByText('Already in your crate')).toBeNull();
    expect(screen.queryByText('You own another edition:')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Mood'), 'Mellow');
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toEqual({
      artist: 'Portishead',
      title: 'Dummy',
      mood: 10,
      details: 'Go! Discs · 828 522-2 · CD · GB',
      year: 1994,
      barcode: '0042282855312',
      mb_release_id: CD.mb_release_id,
    });
  });

  it('lists a pressing of unknown year, label and format with what is known, and picking it leaves Year empty', async () => {
    answerLookup([{ ...LP, year: null, label: null, catalog_number: null, format: null }]);
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByLabelText(/Year/), '1990');
    await typeDigits(user, '0042282855312');
    const list = await screen.findByRole('list', { name: 'Pressings found for 0042282855312' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Dummy — Portishead');
    expect(item).toHaveTextContent(/^Dummy — PortisheadGBChoose this pressing$/);
    await user.click(within(item!).getByRole('button', { name: /Choose/ }));
    expect(screen.getByLabelText('Title')).toHaveValue('Dummy');
    expect(screen.getByLabelText(/Year/)).toHaveValue(null);
    expect(screen.getByLabelText(/Details/)).toHaveValue('GB');
  });

  it('warns "Already in your crate" and "You own another edition:" with links to those records', async () => {
    // The look-up names the records (no crate loaded: the names come with the answer).
    answerLookup([
      {
        ...LP,
        owned: {
          record_id: 41,
          other_editions: [42],
          want_id: null,
          records: [
            { id: 41, title: 'Dummy', artist: 'Portishead' },
            { id: 42, title: 'Dummy (CD)', artist: 'Portishead' },
          ],
        },
      },
    ]);
    const user = userEvent.setup();
    await openForm(signedIn());
    await typeDigits(user, '042282855312');
    await user.click(await screen.findByRole('button', { name: /Choose/ }));
    const owned = screen.getByText('Already in your crate').closest('[role="alert"]') as HTMLElement;
    expect(within(owned).getByRole('link', { name: 'Dummy — Portishead' })).toHaveAttribute(
      'href',
      '/user/details/41',
    );
    const other = screen.getByText('You own another edition:').closest('[role="alert"]') as HTMLElement;
    expect(within(other).getByRole('link', { name: 'Dummy (CD) — Portishead' })).toHaveAttribute(
      'href',
      '/user/details/42',
    );
    // The user may still add it.
    expect(screen.getByRole('button', { name: 'ADD RECORD' })).toBeEnabled();
  });

  it('says "On your wantlist" with a Got it button when the pressing is wanted (EXTENSIONS.md §6)', async () => {
    answerLookup([{ ...LP, owned: { record_id: null, other_editions: [], want_id: 7, records: [] } }]);
    const user = userEvent.setup();
    await openForm();
    await typeDigits(user, '042282855312');
    const item = (await screen.findByText('Dummy — Portishead')).closest('li') as HTMLElement;
    expect(within(item).getByText('On your wantlist')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: /Choose/ }));
    const wanted = screen.getByText('On your wantlist').closest('[role="alert"]') as HTMLElement;
    const gotIt = within(wanted).getByRole('link', { name: /Got it/ });
    expect(gotIt).toHaveTextContent('Got it');
    // Got it opens the want with its Got it form.
    expect(gotIt).toHaveAttribute('href', '/wants/7?got=1');
  });

  it('says "No pressing found for {digits}." and keeps what was typed', async () => {
    answerLookup([]);
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByLabelText('Artist'), 'Nick Drake');
    await typeDigits(user, '4006381333931');
    expect(await screen.findByText('No pressing found for 4006381333931.')).toBeInTheDocument();
    expect(screen.getByLabelText('Artist')).toHaveValue('Nick Drake');
    expect(screen.getByLabelText('Type the digits')).toHaveValue('4006381333931');
  });

  it("says the service can't be reached on a 503, keeping what was typed", async () => {
    answerLookup('unavailable');
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByLabelText('Title'), 'Pink Moon');
    await typeDigits(user, '4006381333931');
    expect(
      await screen.findByText("The barcode service can't be reached right now. Try again in a moment."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Pink Moon');
    expect(screen.getByLabelText('Type the digits')).toHaveValue('4006381333931');
  });
});
