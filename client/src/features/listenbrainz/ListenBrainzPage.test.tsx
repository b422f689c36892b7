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

const connected = { connected: true, user_name: 'riley_lb', auto_send: true, paused_reason: null };

/** A preview of three sources: a turntable, a streaming service, and one whose listens matched nothing. */
const preview = {
  sources: [
    { source: 'spotify.com', listens: 9, spins: 2 },
    { source: 'Rega turntable', listens: 3, spins: 2 },
    { source: 'unknown', listens: 2, spins: 0 },
  ],
  spins: [
    {
      listened_at: '2026-03-14',
      record_id: 1,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      listens: 2,
      source: 'Rega turntable',
    },
    {
      listened_at: '2026-03-15',
      record_id: 2,
      title: 'Blue Train',
      artist: 'John Coltrane',
      listens: 1,
      source: 'Rega turntable',
    },
    {
      listened_at: '2026-03-16',
      record_id: 1,
      title: 'Kind of Blue',
      artist: 'Miles Davis',
      listens: 5,
      source: 'spotify.com',
    },
    {
      listened_at: '2026-03-17',
      record_id: 2,
      title: 'Blue Train',
      artist: 'John Coltrane',
      listens: 4,
      source: 'spotify.com',
    },
  ],
};

/** A fake of the import routes; records the bodies sent. */
function fakeImport(answers: { preview?: () => Response; confirm?: () => Response } = {}) {
  const previews: unknown[] = [];
  const confirms: unknown[] = [];
  server.use(
    http.post('/api/user/listenbrainz/import', async ({ request }) => {
      previews.push(await request.json());
      return answers.preview ? answers.preview() : HttpResponse.json(preview);
    }),
    http.post('/api/user/listenbrainz/import/confirm', async ({ request }) => {
      const body = (await request.json()) as { sources: string[] };
      confirms.push(body);
      if (answers.confirm) return answers.confirm();
      const added = preview.sources
        .filter((s) => body.sources.includes(s.source))
        .reduce((sum, s) => sum + s.spins, 0);
      return HttpResponse.json({ spins_added: added }, { status: 201 });
    }),
  );
  return { previews, confirms };
}

describe('ListenBrainzPage: Import from ListenBrainz', () => {
  it('previews from a start date grouped by source, ticks only turntable or vinyl sources, then adds the chosen spins', async () => {
    fakeLink(connected);
    const { previews, confirms } = fakeImport();
    renderApp({ route: '/settings/listenbrainz', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Import from ListenBrainz' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Start date'), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const turntable = await screen.findByRole('checkbox', {
      name: /^Rega turntable: 2 spins from 3 listens/,
    });
    const spotify = screen.getByRole('checkbox', { name: /^spotify\.com: 2 spins from 9 listens/ });
    const unknown = screen.getByRole('checkbox', { name: /^unknown: 0 spins from 2 listens/ });
    expect(previews).toEqual([{ since: '2026-03-01' }]);
    // Streaming plays are not vinyl spins: only the turntable is ticked.
    expect(turntable).toBeChecked();
    expect(spotify).not.toBeChecked();
    expect(unknown).not.toBeChecked();
    expect(unknown).toBeDisabled();
    const turntableSpins = screen.getByRole('list', { name: 'Spins from Rega turntable' });
    expect(turntableSpins).toHaveTextContent('2026-03-14 · Miles Davis – Kind of Blue · 2 listens');
    expect(turntableSpins).toHaveTextContent('2026-03-15 · John Coltrane – Blue Train · 1 listen');
    expect(screen.getByRole('button', { name: 'Add 2 spins' })).toBeEnabled();

    await userEvent.click(spotify);
    expect(screen.getByRole('button', { name: 'Add 4 spins' })).toBeEnabled();
    await userEvent.click(spotify);
    await userEvent.click(turntable);
    expect(screen.getByRole('button', { name: 'Add 0 spins' })).toBeDisabled();
    await userEvent.click(turntable);

    await userEvent.click(screen.getByRole('button', { name: 'Add 2 spins' }));
    expect(await screen.findByText('Added 2 spins from ListenBrainz.')).toBeInTheDocument();
    expect(confirms).toEqual([{ since: '2026-03-01', sources: ['Rega turntable'] }]);
    expect(screen.queryByRole('checkbox', { name: /Rega turntable/ })).not.toBeInTheDocument();
  });

  it('previews every listen without a start date, and says when a repeat added nothing', async () => {
    fakeLink(connected);
    const { previews, confirms } = fakeImport({
      confirm: () => HttpResponse.json({ spins_added: 0 }, { status: 201 }),
    });
    renderApp({ route: '/settings/listenbrainz', state: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add 2 spins' }));
    expect(
      await screen.findByText('No spins added: these listens were imported before.'),
    ).toBeInTheDocument();
    expect(previews).toEqual([{}]);
    expect(confirms).toEqual([{ sources: ['Rega turntable'] }]);
  });

  it('says when ListenBrainz cannot be reached', async () => {
    fakeLink(connected);
    fakeImport({
      preview: () =>
        HttpResponse.json(
          { error: { code: 'unavailable', message: 'ListenBrainz cannot be reached' } },
          { status: 503, headers: { 'Retry-After': '30' } },
        ),
    });
    renderApp({ route: '/settings/listenbrainz', state: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ListenBrainz cannot be reached right now. Try again in 30 s.',
    );
    expect(screen.queryByRole('button', { name: /^Add \d+ spins?$/ })).not.toBeInTheDocument();
  });

  it('says when ListenBrainz no longer accepts the token', async () => {
    fakeLink(connected);
    fakeImport({
      preview: () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: 'ListenBrainz no longer accepts your token' } },
          { status: 409 },
        ),
    });
    renderApp({ route: '/settings/listenbrainz', state: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ListenBrainz no longer accepts your token. Disconnect, then connect with a new token.',
    );
  });

  it('says so when there is nothing to import', async () => {
    fakeLink(connected);
    fakeImport({ preview: () => HttpResponse.json({ sources: [], spins: [] }) });
    renderApp({ route: '/settings/listenbrainz', state: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('No listens to import.')).toBeInTheDocument();
  });

  it('is not offered before an account is connected', async () => {
    fakeLink(notConnected);
    renderApp({ route: '/settings/listenbrainz', state: signedIn() });
    await screen.findByLabelText('ListenBrainz user token');
    expect(screen.queryByRole('heading', { name: 'Import from ListenBrainz' })).not.toBeInTheDocument();
  });
});
