/**
 * Add spin with sides and a start (EXTENSIONS.md §8 "Add spin"; API.md "ListenBrainz" and
 * "Field rules": `sides`, `startedAt`): side chips for each picked record whose tracklist
 * has sides, all on by default; the chosen sides fill hours and minutes; an optional
 * "Started at" time.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import Swal from 'sweetalert2';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

beforeAll(async () => {
  await import('./AddSpinPage');
  await import('./SpinsPage');
  await import('@/lib/screenStyles');
}, 30_000);

afterEach(() => {
  Swal.close();
  document.querySelectorAll('.swal2-container').forEach((node) => node.remove());
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
  record(21, 'Harbour Lights', 'The Lanterns'),
  record(22, 'Long Player', 'Orbit Sessions'),
  record(23, 'Kind of Blue', 'Miles Davis'),
];
/** The sides the server answers per record (seconds as it sums them). */
const sidesOf: Record<string, Array<{ side: string; tracks: number; seconds: number }>> = {
  // A: 17 min 27 s, B: 17 min 16 s.
  '21': [
    { side: 'A', tracks: 5, seconds: 1047 },
    { side: 'B', tracks: 4, seconds: 1036 },
  ],
  // 4 sides: 16:44, 18:05, 10:47 (one track of unknown length counted 60 s), 14:27.
  '22': [
    { side: 'A', tracks: 3, seconds: 1004 },
    { side: 'B', tracks: 3, seconds: 1085 },
    { side: 'C', tracks: 3, seconds: 647 },
    { side: 'D', tracks: 3, seconds: 867 },
  ],
  '23': [],
};

function fakeServer() {
  const posted: unknown[] = [];
  server.use(
    http.get('/api/record', () => HttpResponse.json(records, { headers: { 'X-Total-Count': '3' } })),
    http.get('/api/record/:id/sides', ({ params }) =>
      HttpResponse.json({ sides: sidesOf[String(params.id)] ?? [] }),
    ),
    http.get('/api/spins', () => HttpResponse.json([])),
    http.post('/api/spins/add', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
  return posted;
}

type User = ReturnType<typeof userEvent.setup>;

async function pickRecord(user: User, name: string) {
  await user.click(screen.getByLabelText('Select Spun Records'));
  await user.click(await screen.findByRole('option', { name }));
}

async function fillTheRest(user: User, date: string) {
  const input = screen.getByLabelText<HTMLInputElement>('Pick Date');
  await user.click(input);
  input.setSelectionRange(0, input.value.length);
  await user.paste(date);
  await user.keyboard('{Enter}');
  await user.type(screen.getByLabelText('Spin Details'), 'Sunday morning');
}

describe('AddSpinPage sides and start (EXTENSIONS.md §8)', () => {
  it('shows side chips, all on, for a record with sides and fills hours and minutes from their lengths', async () => {
    fakeServer();
    const user = userEvent.setup({ delay: null });
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });
    await waitFor(() => expect(store.getState().recordPicker.records).toHaveLength(3));

    await pickRecord(user, 'Harbour Lights by The Lanterns');
    const chips = await screen.findByRole('group', { name: 'Sides of Harbour Lights' });
    const buttons = within(chips).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Side A', 'Side B']);
    for (const button of buttons) expect(button).toHaveAttribute('aria-pressed', 'true');
    // 17:27 + 17:16 = 34:43 → 35 minutes.
    await waitFor(() => expect(screen.getByLabelText('Minutes')).toHaveValue(35));
    expect(screen.getByLabelText('Hours')).toHaveValue(0);

    // A second record with four sides adds its 60:03 → 1 h 35 min.
    await pickRecord(user, 'Long Player by Orbit Sessions');
    const four = await screen.findByRole('group', { name: 'Sides of Long Player' });
    expect(
      within(four)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Side A', 'Side B', 'Side C', 'Side D']);
    await waitFor(() => expect(screen.getByLabelText('Hours')).toHaveValue(1));
    expect(screen.getByLabelText('Minutes')).toHaveValue(35);

    // A record without sides gets no chips.
    await pickRecord(user, 'Kind of Blue by Miles Davis');
    await waitFor(() => expect(screen.getByText('Kind of Blue')).toBeInTheDocument());
    expect(screen.queryByRole('group', { name: 'Sides of Kind of Blue' })).not.toBeInTheDocument();
  });

  it('toggles sides from the keyboard, refills the time, and sends sides and startedAt', async () => {
    const posted = fakeServer();
    const user = userEvent.setup({ delay: null });
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });
    await waitFor(() => expect(store.getState().recordPicker.records).toHaveLength(3));
    await fillTheRest(user, '01/05/2024');

    await pickRecord(user, 'Long Player by Orbit Sessions');
    await pickRecord(user, 'Kind of Blue by Miles Davis');
    const four = await screen.findByRole('group', { name: 'Sides of Long Player' });
    await waitFor(() => expect(screen.getByLabelText('Hours')).toHaveValue(1));

    // Side A stays; B, C and D are turned off with Space and Enter.
    within(four).getByRole('button', { name: 'Side B' }).focus();
    await user.keyboard(' ');
    await user.tab();
    expect(within(four).getByRole('button', { name: 'Side C' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard(' ');
    expect(within(four).getByRole('button', { name: 'Side A' })).toHaveAttribute('aria-pressed', 'true');
    for (const side of ['Side B', 'Side C', 'Side D'])
      expect(within(four).getByRole('button', { name: side })).toHaveAttribute('aria-pressed', 'false');
    // Side A alone: 16:44 → 17 minutes.
    expect(screen.getByLabelText('Hours')).toHaveValue(0);
    expect(screen.getByLabelText('Minutes')).toHaveValue(17);
    // The user can still change the time.
    await user.clear(screen.getByLabelText('Minutes'));
    await user.type(screen.getByLabelText('Minutes'), '20');

    // "Started at": an optional time on the spin's date.
    await user.type(screen.getByLabelText('Started at'), '8:30 PM');
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('Started at')).toHaveValue('8:30 PM');

    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          timeSpent: '0:20',
          listenedAt: '01/05/2024',
          details: 'Sunday morning',
          albums: ['22', '23'],
          sides: { '22': ['A'] },
          startedAt: new Date(2024, 0, 5, 20, 30).toISOString(),
          // A repeat-safe add (API.md "Offline copy and repeat-safe writes").
          clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      ]),
    );
  });

  it('sends no sides and no startedAt when no record has sides and no start is given', async () => {
    const posted = fakeServer();
    const user = userEvent.setup({ delay: null });
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });
    await waitFor(() => expect(store.getState().recordPicker.records).toHaveLength(3));
    await fillTheRest(user, '01/06/2024');
    await pickRecord(user, 'Kind of Blue by Miles Davis');
    await user.type(screen.getByLabelText('Hours'), '0');
    await user.type(screen.getByLabelText('Minutes'), '46');
    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          timeSpent: '0:46',
          listenedAt: '01/06/2024',
          details: 'Sunday morning',
          albums: ['23'],
          clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        },
      ]),
    );
  });

  it('asks for at least one side when every chip of a record is off, and sends nothing', async () => {
    const posted = fakeServer();
    const user = userEvent.setup({ delay: null });
    const { store } = renderApp({ route: '/spins/add', state: signedIn() });
    await waitFor(() => expect(store.getState().recordPicker.records).toHaveLength(3));
    await fillTheRest(user, '01/05/2024');
    await pickRecord(user, 'Harbour Lights by The Lanterns');
    const chips = await screen.findByRole('group', { name: 'Sides of Harbour Lights' });
    await user.click(within(chips).getByRole('button', { name: 'Side A' }));
    await user.click(within(chips).getByRole('button', { name: 'Side B' }));

    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pick at least one side of Harbour Lights.');
    expect(within(chips).getByRole('button', { name: 'Side A' })).toHaveFocus();
    expect(posted).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent('/spins/add');

    await user.keyboard(' ');
    expect(screen.queryByText('Pick at least one side of Harbour Lights.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ADD SPIN' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ sides: { '21': ['A'] }, timeSpent: '0:17' });
  });
});
