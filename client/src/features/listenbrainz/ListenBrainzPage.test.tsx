import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

beforeAll(async () => {
  await import('./ListenBrainzPage');
});

/** A fake of /api/user/listenbrainz holding one user's link; records the PUT bodies. */
function fakeLink(initial: {
  connected: boolean;
  user_name: string | null;
  auto_send: boolean;
  paused_reason: string | null;
}) {
  let link = { ...initial };
  const puts: unknown[] = [];
  server.use(
    http.get('/api/user/listenbrainz', () => HttpResponse.json(link)),
    http.put('/api/user/listenbrainz', async ({ request }) => {
      const body = (await request.json()) as { token?: string; auto_send?: boolean };
      puts.push(body);
      if (body.token === 'bad') {
        return HttpResponse.json(
          { error: { code: 'invalid_token', message: 'ListenBrainz does not accept this token' } },
          { status: 400 },
        );
      }
      if (body.token === 'down') {
        return HttpResponse.json(
          { error: { code: 'unavailable', message: 'ListenBrainz cannot be reached' } },
          { status: 503, headers: { 'Retry-After': '30' } },
        );
      }
      link = {
        connected: true,
        user_name: body.token ? 'riley_lb' : link.user_name,
        auto_send: body.auto_send ?? true,
        paused_reason: body.token ? null : link.paused_reason,
      };
      return HttpResponse.json({ connected: true, user_name: link.user_name, auto_send: link.auto_send });
    }),
    http.delete('/api/user/listenbrainz', () => {
      link = { connected: false, user_name: null, auto_send: false, paused_reason: null };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { puts };
}

const notConnected = { connected: false, user_name: null, auto_send: false, paused_reason: null };

describe('ListenBrainzPage', () => {
  it('connects with a pasted token, then shows "Connected as", the switch and Disconnect', async () => {
    const { puts } = fakeLink(notConnected);
    renderApp({ route: '/settings/listenbrainz', state: signedIn() });
    const input = await screen.findByLabelText('ListenBrainz user token');
    expect(screen.getByRole('link', { name: 'ListenBrainz settings page' })).toHaveAttribute(
      'href',
      'https://listenbrainz.org/settings/',
    );
    await userEvent.type(input, 'good-token');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connected as riley_lb')).toBeInTheDocument();
    expect(puts).toEqual([{ token: 'good-token', auto_send: true }]);
    const toggle = screen.getByRole('switch', { name: 'Send my spins automatically' });
    expect(toggle).toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Send my spins automatically' })).not.toBeChecked(),
    );
    expect(puts[1]).toEqual({ auto_send: false });

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByLabelText('ListenBrainz user token')).toBeInTheDocument();
  });

  it('says so when ListenBrainz refuses the token or cannot be reached', async () => {
    fakeLink(notConnected);
    renderApp({ route: '/settings/listenbrainz', state: signedIn() });
    const input = await screen.findByLabelText('ListenBrainz user token');
    await userEvent.type(input, 'bad');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ListenBrainz does not accept this token');
    await userEvent.clear(input);
    await userEvent.type(input, 'down');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Try again in 30 s'));
  });

  it('shows the paused notice with ListenBrainz’s reason, and a new token resumes', async () => {
    fakeLink({
      connected: true,
      user_name: 'riley_lb',
      auto_send: true,
      paused_reason: 'Invalid authorization token.',
    });
    renderApp({ route: '/settings/listenbrainz', state: signedIn() });
    expect(
      await screen.findByText(/Sending is paused: ListenBrainz said “Invalid authorization token.”/),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('ListenBrainz user token'), 'fresh');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByText(/Sending is paused/)).not.toBeInTheDocument());
  });
});
