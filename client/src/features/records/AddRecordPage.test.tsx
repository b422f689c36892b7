import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRecord, MOODS } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { dismissWarning, trackRequests } from './testing';

const requests = trackRequests();

beforeEach(() => {
  sessionStorage.setItem(LOADING_SHOWN_KEY, '1');
  server.use(
    http.get('/api/mood', () => HttpResponse.json(MOODS)),
    http.get('/api/record', () => HttpResponse.json([])),
  );
});

async function openForm() {
  const view = renderApp({ route: '/user/add', state: signedIn() });
  await screen.findByRole('option', { name: 'Upbeat' });
  return view;
}

describe('AddRecordPage', () => {
  it('has the fields, the mood dropdown with its placeholder first, and Back to Home', async () => {
    await openForm();
    expect(screen.getByLabelText('Artist')).toHaveValue('');
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText(/Details/)).toBeInstanceOf(HTMLTextAreaElement);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Select Record Mood', 'Mellow', 'Upbeat']);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/user/profile');
  });

  it('warns "Attention!" and sends nothing when artist, title or mood is missing', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByLabelText('Artist'), 'Can');
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Mellow');
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));
    expect(await screen.findByText('Attention!')).toBeInTheDocument();
    expect(screen.getByText('Please fill form before submit')).toBeInTheDocument();
    await dismissWarning(user);

    // Title filled but no mood: still a warning.
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Select Record Mood');
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));
    expect(await screen.findByText('Please fill form before submit')).toBeInTheDocument();
    expect(requests.some((r) => r.startsWith('POST'))).toBe(false);
    expect(screen.getByTestId('location')).toHaveTextContent('/user/add');
  });

  it('keeps the form when the server refuses, so the user can try again', async () => {
    server.use(
      http.post('/api/record/add', () => HttpResponse.json({ error: { message: 'x' } }, { status: 500 })),
    );
    const user = userEvent.setup();
    await openForm();
    await user.type(screen.getByLabelText('Artist'), 'Can');
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Upbeat');
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'ADD RECORD' })).toBeEnabled());
    expect(requests).toContain('POST /api/record/add');
    expect(screen.getByTestId('location')).toHaveTextContent('/user/add');
    expect(screen.getByLabelText('Artist')).toHaveValue('Can');
  });
});

describe('AddRecordPage success', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('posts the record, shows the 1 s notice without a button and goes back to the collection', async () => {
    let body: unknown;
    const saved = makeRecord({ id: 50, artist: 'Can', title: 'Tago Mago' });
    server.use(
      http.post('/api/record/add', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(saved, { status: 201 });
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openForm();
    await user.type(screen.getByLabelText('Artist'), ' Can ');
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Upbeat');
    await user.type(screen.getByLabelText(/Details/), 'First press');
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));

    expect(await screen.findByText('The record has been added to your Spincrate')).toBeInTheDocument();
    expect(body).toEqual({ artist: 'Can', title: 'Tago Mago', mood: 11, details: 'First press' });
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/user/profile'));

    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() =>
      expect(screen.queryByText('The record has been added to your Spincrate')).not.toBeInTheDocument(),
    );
  });
});
