import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadedList, makeRecord, MOODS } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { dismissWarning, trackRequests, fakeRecordById } from './testing';

trackRequests();

const played = makeRecord({
  id: 7,
  user_id: 1,
  title: 'Tago Mago',
  artist: 'Can',
  play_count: 3,
  last_played: '2026-11-20',
  year: 1971,
});
const unplayed = makeRecord({
  id: 9,
  user_id: 1,
  title: 'Blue',
  artist: 'Joni Mitchell',
  play_count: 0,
  last_played: null,
  year: null,
});
const friends = makeRecord({
  id: 8,
  user_id: 5,
  title: 'Kind of Blue',
  play_count: 12,
  last_played: '2026-01-02',
  year: 1959,
});

beforeEach(() => sessionStorage.setItem(LOADING_SHOWN_KEY, '1'));

describe('record details (EXTENSIONS.md §2)', () => {
  it('shows "Played {n} times · last {MM/DD/YYYY}", the year, and Spin it opening /spins/add with the record', async () => {
    server.use(
      http.get('/api/record', () => HttpResponse.json([played, unplayed])),
      fakeRecordById(() => [played, unplayed]),
    );
    renderApp({ route: '/user/details/7', state: signedIn() });
    expect(await screen.findByText('Played 3 times · last 11/20/2026')).toBeInTheDocument();
    expect(screen.getByText('Year').nextElementSibling).toHaveTextContent('1971');
    expect(screen.getByRole('link', { name: 'Spin it' })).toHaveAttribute('href', '/spins/add?record=7');
  });

  it('says "Played 1 time", not "1 times" (EXTENSIONS.md §11)', async () => {
    const once = makeRecord({
      id: 11,
      user_id: 1,
      title: 'Pink Moon',
      play_count: 1,
      last_played: '2026-11-21',
    });
    server.use(
      http.get('/api/record', () => HttpResponse.json([once])),
      fakeRecordById(() => [once]),
    );
    renderApp({ route: '/user/details/11', state: signedIn() });
    expect(await screen.findByText('Played 1 time · last 11/21/2026')).toBeInTheDocument();
  });

  it('"Never played", and no year when it is not known', async () => {
    server.use(
      http.get('/api/record', () => HttpResponse.json([played, unplayed])),
      fakeRecordById(() => [played, unplayed]),
    );
    renderApp({ route: '/user/details/9', state: signedIn() });
    expect(await screen.findByText('Never played')).toBeInTheDocument();
    expect(screen.queryByText('Year')).not.toBeInTheDocument();
  });

  it("a friend's record shows its plays and year too, without Spin it", async () => {
    server.use(
      http.get('/api/social/friends/collection', () => HttpResponse.json([friends])),
      fakeRecordById(() => [friends], true),
    );
    renderApp({ route: '/social/friends/5/8', state: signedIn() });
    expect(await screen.findByText('Played 12 times · last 01/02/2026')).toBeInTheDocument();
    expect(screen.getByText('Year').nextElementSibling).toHaveTextContent('1959');
    expect(screen.queryByRole('link', { name: 'Spin it' })).not.toBeInTheDocument();
  });
});

describe('the Year field of add and edit record (EXTENSIONS.md §2: optional, number, 1900–2100)', () => {
  beforeEach(() => {
    server.use(http.get('/api/mood', () => HttpResponse.json(MOODS)));
  });

  it('add sends the year when given and leaves it out when empty; outside 1900–2100 it warns and sends nothing', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/record', () => HttpResponse.json([])),
      fakeRecordById(() => []),
      http.post('/api/record/add', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(played, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/user/add', state: signedIn() });
    await screen.findByRole('option', { name: 'Upbeat' });
    const year = screen.getByLabelText(/Year/);
    expect(year).toHaveAttribute('type', 'number');
    expect(year).toHaveAttribute('min', '1900');
    expect(year).toHaveAttribute('max', '2100');
    expect(year).not.toBeRequired();

    await user.type(screen.getByLabelText('Artist'), 'Can');
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Mellow');
    await user.type(year, '1899');
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));
    // The form is filled in: the popup names the year (API.md "Field rules": 1900–2100, or null).
    expect(await screen.findByText('The year must be from 1900 to 2100, or left empty.')).toBeInTheDocument();
    expect(screen.queryByText('Please fill form before submit')).not.toBeInTheDocument();
    expect(year).toBeInvalid();
    await dismissWarning(user);
    expect(bodies).toEqual([]);

    await user.clear(year);
    await user.type(year, '1971');
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ artist: 'Can', title: 'Tago Mago', mood: 10, details: '', year: 1971 }]),
    );
  });

  it('edit shows the year and sends the changed one', async () => {
    let body: unknown;
    server.use(
      http.get('/api/record', () => HttpResponse.json([played])),
      fakeRecordById(() => [played]),
      http.put('/api/record/edit', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...played, year: 1972 });
      }),
    );
    const user = userEvent.setup();
    renderApp({
      route: '/user/edit/7',
      state: { ...signedIn(), records: loadedList([{ ...played, details: 'First press' }]) },
    });
    await screen.findByRole('option', { name: 'Upbeat' });
    const year = screen.getByLabelText(/Year/);
    expect(year).toHaveValue(1971);
    await user.clear(year);
    await user.type(year, '1972');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Mellow');
    await user.click(screen.getByRole('button', { name: 'EDIT RECORD' }));
    await waitFor(() => expect(body).toMatchObject({ id: 7, year: 1972 }));
  });
});
