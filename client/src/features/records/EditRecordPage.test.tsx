import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadedList, makeRecord, MOODS } from '@/test/records';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { dismissWarning, trackRequests, fakeRecordById } from './testing';

const requests = trackRequests();
const record = makeRecord({
  id: 7,
  title: 'Tago Mago',
  artist: 'Can',
  mood: 'Upbeat',
  mood_id: 11,
  details: 'First press',
});

beforeEach(() => {
  server.use(http.get('/api/mood', () => HttpResponse.json(MOODS)));
});

describe('EditRecordPage', () => {
  it('prefills artist, title and details but not the mood', async () => {
    server.use(
      http.get('/api/record', () => HttpResponse.json([record])),
      fakeRecordById(() => [record]),
    );
    renderApp({ route: '/user/edit/7', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'edit Tago Mago details' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Upbeat' });
    expect(screen.getByLabelText('Artist')).toHaveValue('Can');
    expect(screen.getByLabelText('Title')).toHaveValue('Tago Mago');
    expect(screen.getByLabelText('Details')).toHaveValue('First press');
    expect(screen.getByLabelText('Mood')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/user/details/7');
  });

  it('requires the mood again (and every field): warning, nothing sent', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/user/edit/7', state: { ...signedIn(), records: loadedList([record]) } });
    await screen.findByRole('option', { name: 'Upbeat' });
    await user.click(screen.getByRole('button', { name: 'EDIT RECORD' }));
    expect(await screen.findByText('Attention!')).toBeInTheDocument();
    expect(screen.getByText('Please fill form before submit')).toBeInTheDocument();
    await dismissWarning(user);

    await user.selectOptions(screen.getByLabelText('Mood'), 'Mellow');
    await user.clear(screen.getByLabelText('Details'));
    await user.click(screen.getByRole('button', { name: 'EDIT RECORD' }));
    expect(await screen.findByText('Please fill form before submit')).toBeInTheDocument();
    expect(requests.some((r) => r.startsWith('PUT'))).toBe(false);
  });

  it('saves and then shows the record details', async () => {
    let body: unknown;
    const edited = { ...record, title: 'Tago Mago (Remaster)', mood: 'Mellow', mood_id: 10 };
    server.use(
      http.put('/api/record/edit', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(edited);
      }),
      http.get('/api/record', () => HttpResponse.json(body ? [edited] : [record])),
      fakeRecordById(() => (body ? [edited] : [record])),
    );
    const user = userEvent.setup();
    renderApp({ route: '/user/edit/7', state: { ...signedIn(), records: loadedList([record]) } });
    await screen.findByRole('option', { name: 'Upbeat' });
    await user.type(screen.getByLabelText('Title'), ' (Remaster)');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Mellow');
    await user.click(screen.getByRole('button', { name: 'EDIT RECORD' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/details/7'));
    expect(body).toEqual({
      id: 7,
      artist: 'Can',
      title: 'Tago Mago (Remaster)',
      mood: 10,
      details: 'First press',
      // No year known and none typed: sent as null (API.md field rules).
      year: null,
      // API.md "Collection details": none set, each sent as null (cleared).
      rating: null,
      folder: null,
      location: null,
      media_condition: null,
      sleeve_condition: null,
      price: null,
      purchased_on: null,
      purchased_from: null,
      label: null,
      catalog_number: null,
      format: null,
    });
    expect(await screen.findByRole('heading', { name: 'Tago Mago (Remaster)' })).toBeInTheDocument();
  });
});
