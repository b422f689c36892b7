import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import Swal from 'sweetalert2';
import { addDays, format, startOfMonth } from 'date-fns';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';
import { popupsGone } from '@/test/popups';

// The screens are loaded on demand; load them once up front so each test sees them at once.
beforeAll(async () => {
  await import('./AddSpinPage');
  await import('./SpinsPage');
  // Loaded with every screen after the login (app/App.tsx lazyWithStyles).
  await import('@/lib/screenStyles');
}, 30_000);

afterEach(() => {
  Swal.close();
  document.querySelectorAll('.swal2-container').forEach((node) => node.remove());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const record = (id: number, title: string, artist: string) => ({
  id,
  user_id: 1,
  title,
  artist,
  coverart: `/covers/${id}.jpg`,
  date_added: '2026-11-01T10:00:00.000Z',
  mood: 'Mellow',
  mood_id: 10,
  details: '',
  tags: '[]',
});
const records = [
  record(12, 'Kind of Blue', 'Miles Davis'),
  record(13, 'Blue Train', 'John Coltrane'),
  record(14, 'Abbey Road', 'The Beatles'),
];

/** Types a date into the picker the way a user pastes it, then confirms it with Enter. */
async function pickDate(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = screen.getByLabelText<HTMLInputElement>('Pick Date');
  await user.click(input);
  // The date starts at today (EXTENSIONS.md §2): the pasted text replaces it.
  input.setSelectionRange(0, input.value.length);
  await user.paste(text);
  await user.keyboard('{Enter}');
}

/** The record searches the picker sent (the `search` of each). */
const searched: string[] = [];
const searchedFields: Array<string | null> = [];

/**
 * Fakes the user's records (a page of the newest; the search matches title, artist or
 * mood as the server's does) and the spins list; returns the bodies posted to /api/spins/add.
 */
function fakeServer() {
  const posted: unknown[] = [];
  searched.length = 0;
  searchedFields.length = 0;
  server.use(
    http.get('/api/record', () => HttpResponse.json(records, { headers: { 'X-Total-Count': '3' } })),
    http.get('/api/record/search', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const q = query.get('search')!.toLowerCase();
      searched.push(q);
      searchedFields.push(query.get('fields'));
      // API.md "Routes": `fields=title,artist` matches only those; without it, every field.
      const fields = (query.get('fields') ?? 'title,artist,mood').split(',') as Array<
        'title' | 'artist' | 'mood'
      >;
      const hits = records.filter((r) => fields.some((f) => r[f].toLowerCase().includes(q)));
      return HttpResponse.json(hits, { headers: { 'X-Total-Count': String(hits.length) } });
    }),
    // None of these records has a tracklist with sides (EXTENSIONS.md §8).
    http.get('/api/record/:id/sides', () => HttpResponse.json({ sides: [] })),
    http.get('/api/spins', () => HttpResponse.json([])),
    http.post('/api/spins/add', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
  return posted;
}

describe('AddSpinPage', () => {
  it('labels every field', async () => {
    fakeServer();
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });
    expect(await screen.findByLabelText('Pick Date')).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await waitFor(() => expect(store.getState().recordPicker.records).toHaveLength(3));
    expect(screen.getByLabelText('Hours')).toHaveAttribute('min', '0');
    expect(screen.getByLabelText('Minutes')).toHaveAttribute('max', '59');
    expect(screen.getByLabelText('Minutes')).toHaveAttribute('min', '0');
    expect(screen.getByLabelText('Spin Details').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Select Spun Records')).toBeInTheDocument();
  });

  it('picks a date from a full-screen calendar whose weeks start on Sunday, closing on select', async () => {
    fakeServer();
    const user = userEvent.setup({ delay: null });
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });
    await waitFor(() => expect(store.getState().recordPicker.records).toHaveLength(3));

    await user.click(await screen.findByLabelText('Pick Date'));
    expect(document.querySelector('.react-datepicker__portal')).not.toBeNull();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent(/^Su/);

    const first = startOfMonth(new Date());
    await user.click(
      screen.getByRole('gridcell', { name: `Choose ${format(first, 'EEEE, MMMM do, yyyy')}` }),
    );
    expect(screen.getByLabelText('Pick Date')).toHaveValue(format(first, 'MM/dd/yyyy'));
    expect(document.querySelector('.react-datepicker__portal')).toBeNull();
  });

  it('warns and sends nothing until every field is filled', async () => {
    const posted = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderApp({ route: '/spins/add', state: signedIn() });

    await user.click(await screen.findByRole('button', { name: 'ADD SPIN' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Attention!');
    expect(dialog).toHaveTextContent('Please fill form before submit');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    // The popup closes and gives the focus back to the button (100 ms later: wait until it is
    // done before typing, see src/test/popups.ts).
    await popupsGone();
    expect(screen.getByRole('button', { name: 'ADD SPIN' })).toHaveFocus();

    // Everything but the records; Enter in the date field does not submit the form.
    await pickDate(user, '01/05/2024');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Hours'), '1');
    await user.type(screen.getByLabelText('Minutes'), '5');
    await user.type(screen.getByLabelText('Spin Details'), 'Sunday morning');
    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));
    dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Please fill form before submit');

    expect(posted).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent('/spins/add');
  });

  it('sends the spin as {timeSpent "H:MM", listenedAt "MM/DD/YYYY", details, albums as strings} and goes to /spins', async () => {
    const posted = fakeServer();
    const user = userEvent.setup({ delay: null });
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });

    await screen.findByLabelText('Pick Date');
    await pickDate(user, '01/05/2024');
    await user.type(screen.getByLabelText('Hours'), '1');
    await user.type(screen.getByLabelText('Minutes'), '5');
    await user.type(screen.getByLabelText('Spin Details'), 'Sunday morning');

    // The picker offers the user's records as soon as they have arrived.
    await waitFor(() => expect(store.getState().recordPicker.records).toHaveLength(3));
    await user.click(screen.getByLabelText('Select Spun Records'));
    await user.click(await screen.findByRole('option', { name: 'Kind of Blue by Miles Davis' }));
    await user.click(screen.getByLabelText('Select Spun Records'));
    await user.click(await screen.findByRole('option', { name: 'Abbey Road by The Beatles' }));
    expect(screen.getByText('Kind of Blue')).toBeInTheDocument();
    expect(screen.getByText('Abbey Road')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));

    expect(await screen.findByRole('heading', { name: 'spins' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/spins$/);
    await waitFor(() =>
      expect(posted).toEqual([
        {
          timeSpent: '1:05',
          listenedAt: '01/05/2024',
          details: 'Sunday morning',
          albums: ['12', '14'],
          // A repeat-safe add (API.md "Offline copy and repeat-safe writes").
          clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      ]),
    );
    // Leaving the screen clears the records.
    expect(store.getState().recordPicker.records).toEqual([]);
  });

  it('refuses a date typed beyond tomorrow with a message instead of silently replacing it (EXTENSIONS.md §11)', async () => {
    const posted = fakeServer();
    const user = userEvent.setup({ delay: null });
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });
    await screen.findByLabelText('Pick Date');
    const farAhead = format(addDays(new Date(), 30), 'MM/dd/yyyy');
    const tomorrow = format(addDays(new Date(), 1), 'MM/dd/yyyy');
    // The message quotes the spec: refused, with the reason and the latest date allowed.
    const message = `${farAhead} is after tomorrow: a spin can be dated ${tomorrow} at the latest.`;

    await pickDate(user, farAhead);
    const field = screen.getByLabelText('Pick Date');
    // The typed text stays, so the user sees what was refused and can correct it.
    expect(field).toHaveValue(farAhead);
    // The field is marked invalid (Bootstrap's styling too) and the message is its description,
    // and an alert.
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveClass('form-control', 'is-invalid');
    expect(field).toHaveAccessibleDescription(message);
    expect(screen.getByRole('alert')).toHaveTextContent(message);

    // Every other field filled: the spin is still not sent, and the text is still there after the
    // field lost the focus.
    await user.type(screen.getByLabelText('Hours'), '1');
    await user.type(screen.getByLabelText('Minutes'), '5');
    await user.type(screen.getByLabelText('Spin Details'), 'From the future');
    await waitFor(() => expect(store.getState().recordPicker.records).toHaveLength(3));
    await user.click(screen.getByLabelText('Select Spun Records'));
    await user.click(await screen.findByRole('option', { name: 'Kind of Blue by Miles Davis' }));
    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));
    expect(posted).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/spins/add');
    expect(field).toHaveValue(farAhead);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
    // The focus goes back to the date to correct.
    expect(field).toHaveFocus();

    // Another date beyond tomorrow, typed key by key: still refused, the message names it.
    const later = format(addDays(new Date(), 400), 'MM/dd/yyyy');
    await user.clear(field);
    await user.type(field, later);
    await user.tab();
    expect(field).toHaveValue(later);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(new RegExp(`^${later} is after tomorrow`));

    // Tomorrow is allowed (API.md "Field rules": up to tomorrow): the mark and the message go.
    // Typed as the refused date was (picking a day in the calendar: the next test).
    await user.clear(field);
    await user.type(field, tomorrow);
    await user.tab();
    await waitFor(() => expect(screen.queryByText(/is after tomorrow/)).not.toBeInTheDocument());
    expect(field).toHaveValue(tomorrow);
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveClass('is-invalid');
    expect(field).not.toHaveAccessibleDescription();

    // And the spin is sent with that date.
    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));
    expect(await screen.findByRole('heading', { name: 'spins' })).toBeInTheDocument();
    await waitFor(() =>
      expect(posted).toEqual([expect.objectContaining({ listenedAt: tomorrow, albums: ['12'] })]),
    );
  });

  it('clears the refusal of a date beyond tomorrow when a day is picked in the calendar (EXTENSIONS.md §11)', async () => {
    const posted = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderApp({ route: '/spins/add', state: signedIn() });
    await screen.findByLabelText('Pick Date');
    const farAhead = format(addDays(new Date(), 30), 'MM/dd/yyyy');

    await pickDate(user, farAhead);
    const field = screen.getByLabelText('Pick Date');
    expect(field).toHaveValue(farAhead);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(`${farAhead} is after tomorrow`, { exact: false })).toBeInTheDocument();

    // The calendar opens on the field; picking a day replaces the refused text.
    await user.click(field);
    const first = startOfMonth(new Date());
    await user.click(
      screen.getByRole('gridcell', { name: `Choose ${format(first, 'EEEE, MMMM do, yyyy')}` }),
    );
    expect(field).toHaveValue(format(first, 'MM/dd/yyyy'));
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveClass('is-invalid');
    expect(screen.queryByText(/is after tomorrow/)).not.toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("shows each record's thumbnail in the picker: its own 250/500 px covers once it has cover, else its coverart", async () => {
    fakeServer();
    const small = `/covers/${'b'.repeat(32)}-250.webp`;
    const large = `/covers/${'b'.repeat(32)}-500.webp`;
    server.use(
      http.get('/api/record', () =>
        HttpResponse.json(
          [
            { ...records[0]!, coverart: 'https://images.test/kind-of-blue.jpg', cover: { small, large } },
            { ...records[1]!, coverart: 'https://images.test/blue-train.jpg', cover: null },
          ],
          { headers: { 'X-Total-Count': '2' } },
        ),
      ),
    );
    const user = userEvent.setup({ delay: null });
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });
    await waitFor(() => expect(store.getState().recordPicker.records).toHaveLength(2));
    await user.click(screen.getByLabelText('Select Spun Records'));
    const kind = await screen.findByRole('option', { name: 'Kind of Blue by Miles Davis' });
    // What the browser loads: Spincrate's own thumbnail, not the image host's.
    const kindCover = kind.querySelector('img')!;
    expect(kindCover).toHaveAttribute('src', small);
    expect(kindCover).toHaveAttribute('srcset', `${small} 250w, ${large} 500w`);
    expect(kindCover).toHaveAttribute('sizes', '40px');
    expect(kindCover).toHaveAttribute('alt', '');
    const train = screen.getByRole('option', { name: 'Blue Train by John Coltrane' }).querySelector('img')!;
    expect(train).toHaveAttribute('src', 'https://images.test/blue-train.jpg');
    expect(train).not.toHaveAttribute('srcset');
  });

  it('searches the server by title or artist as the user types, answering after one second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    // Testing Library lets user-event's actions settle with a zero timeout, which it
    // advances only when it finds a `jest` global: point it at vitest's clock.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    fakeServer();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });
    for (let i = 0; i < 5 && store.getState().recordPicker.records.length === 0; i += 1) {
      await act(() => vi.advanceTimersByTimeAsync(10));
    }
    expect(store.getState().recordPicker.records).toHaveLength(3);

    await user.type(screen.getByLabelText('Select Spun Records'), 'blue');
    await act(() => vi.advanceTimersByTimeAsync(990));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    // Typing goes on: nothing is asked before the text has rested 1 s.
    expect(searched).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(10));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Kind of Blue by Miles Davis', 'Blue Train by John Coltrane']);
    expect(searched).toEqual(['blue']);

    // The artist is matched too (EXTENSIONS.md §1).
    await user.clear(screen.getByLabelText('Select Spun Records'));
    await user.type(screen.getByLabelText('Select Spun Records'), 'Beatles');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Abbey Road by The Beatles']),
    );

    // The picker asks for title and artist matches only (the search's own `fields`): a mood's name finds nothing.
    await user.clear(screen.getByLabelText('Select Spun Records'));
    await user.type(screen.getByLabelText('Select Spun Records'), 'mellow');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.getByText('No records found')).toBeInTheDocument());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(searched).toEqual(['blue', 'beatles', 'mellow']);
    expect(searchedFields).toEqual(['title,artist', 'title,artist', 'title,artist']);
  });
});
