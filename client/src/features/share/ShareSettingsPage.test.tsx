import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h7v7H4z"/></svg>';
const URL_OF_LINK = 'http://localhost:5001/s/AbCdEfGhIjKlMnOpQrStUv';

/** The server's links, kept as the fake routes change them. */
function fakeLinks(initial: Array<Record<string, unknown>>, options: { full?: boolean } = {}) {
  let links = [...initial];
  const created: unknown[] = [];
  const revoked: number[] = [];
  server.use(
    http.get('/api/share', () => HttpResponse.json(links)),
    http.post('/api/share', async ({ request }) => {
      const body = (await request.json()) as { scope: string };
      created.push(body);
      if (options.full) {
        return HttpResponse.json(
          { error: { code: 'conflict', message: 'at most 5 links' } },
          { status: 409 },
        );
      }
      const link = { id: 99, scope: body.scope, created_at: '2026-11-25T10:00:00.000Z', last_used_at: null };
      links = [link, ...links];
      return HttpResponse.json({ ...link, url: URL_OF_LINK, qr_svg: QR }, { status: 201 });
    }),
    http.delete('/api/share/:id', ({ params }) => {
      revoked.push(Number(params.id));
      links = links.filter((link) => link.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { created, revoked };
}

describe('ShareSettingsPage (/settings/share)', () => {
  it('lists the links with their scope, creation date and last use, each with Revoke, which revokes it', async () => {
    const calls = fakeLinks([
      {
        id: 7,
        scope: 'crate+spins',
        created_at: '2026-11-20T10:00:00.000Z',
        last_used_at: '2026-11-22T12:00:00.000Z',
      },
      { id: 6, scope: 'crate', created_at: '2026-11-19T10:00:00.000Z', last_used_at: null },
    ]);
    const user = userEvent.setup();
    renderApp({ route: '/settings/share', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Share my crate' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Crate and spins', '11/20/2026', '11/22/2026'],
      ['Crate', '11/19/2026', 'Never'],
    ]);
    await user.click(within(rows[1]!).getByRole('button', { name: /Revoke/ }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(calls.revoked).toEqual([6]);
    expect(screen.queryByText('Never')).not.toBeInTheDocument();
  });

  it('makes a link of the chosen scope and shows it once with Copy and its QR code', async () => {
    const calls = fakeLinks([]);
    const user = userEvent.setup();
    renderApp({ route: '/settings/share', state: signedIn() });
    expect(await screen.findByText('You have no share links.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('What the link shows'), 'Crate and spins');
    await user.click(screen.getByRole('button', { name: 'Make a link' }));
    expect(await screen.findByRole('textbox', { name: 'Link' })).toHaveValue(URL_OF_LINK);
    expect(calls.created).toEqual([{ scope: 'crate+spins' }]);
    expect(screen.getByText(/won.t be shown again/)).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code of the new link' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR)}`);
    // The server's SVG is never put into the page as markup.
    expect(document.querySelector('#content svg, svg path[d="M4 4h7v7H4z"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(URL_OF_LINK);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    // The new link is listed too, without its token.
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Crate and spins')).toBeInTheDocument();
    expect(table.textContent).not.toContain('AbCdEf');
  });

  it('says so when the user already has 5 links', async () => {
    fakeLinks([], { full: true });
    const user = userEvent.setup();
    renderApp({ route: '/settings/share', state: signedIn() });
    await screen.findByText('You have no share links.');
    await user.click(screen.getByRole('button', { name: 'Make a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have 5 links. Revoke one to make another.',
    );
    expect(screen.queryByRole('textbox', { name: 'Link' })).not.toBeInTheDocument();
  });
});
