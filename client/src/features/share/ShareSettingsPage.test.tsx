import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h7v7H4z"/></svg>';
const URL_OF_LINK = 'http://localhost:5001/s/AbCdEfGhIjKlMnOpQrStUv';

/** The ISO timestamp of a time on the user's own clock (the page shows times in their time zone). */
function local(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
  seconds = 0,
): string {
  return new Date(year, month - 1, day, hours, minutes, seconds).toISOString();
}

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
        created_at: local(2026, 11, 20, 10, 0),
        last_used_at: local(2026, 11, 22, 12, 0),
      },
      { id: 6, scope: 'crate', created_at: local(2026, 11, 19, 10, 0), last_used_at: null },
    ]);
    const user = userEvent.setup();
    renderApp({ route: '/settings/share', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Share my crate' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Your links' });
    const rows = within(table).getAllByRole('row').slice(1);
    // EXTENSIONS.md §7: "Listed links show scope, creation date and last use, each with **Revoke**."
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((c) => c.textContent?.replace(/\s+/g, ' ').trim()),
      ),
    ).toEqual([
      ['Crate and spins Made 11/20/2026 at 10:00 AM', '11/22/2026'],
      ['Crate Made 11/19/2026 at 10:00 AM', 'Never'],
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

  it('names each Revoke button so that no two read alike (links of one scope made the same day)', async () => {
    fakeLinks([
      { id: 5, scope: 'crate+spins', created_at: local(2026, 11, 28, 10, 4, 31), last_used_at: null },
      { id: 4, scope: 'crate+spins', created_at: local(2026, 11, 28, 10, 4, 12), last_used_at: null },
      { id: 3, scope: 'crate+spins', created_at: local(2026, 11, 28, 9, 15), last_used_at: null },
      { id: 2, scope: 'crate+spins', created_at: local(2026, 11, 28, 9, 15), last_used_at: null },
      { id: 1, scope: 'crate', created_at: local(2026, 11, 28, 9, 15), last_used_at: null },
    ]);
    renderApp({ route: '/settings/share', state: signedIn() });
    const table = await screen.findByRole('table', { name: 'Your links' });
    const names = within(table)
      .getAllByRole('button', { name: /^Revoke/ })
      .map((button) => button.getAttribute('aria-label') ?? '');
    expect(names).toHaveLength(5);
    expect(new Set(names).size).toBe(5);
    // Each says which link: its scope, its day and its time.
    expect(names[0]).toMatch(/crate and spins link made 11\/28\/2026 at 10:04:31 AM/);
    expect(names[2]).toMatch(/crate and spins link made 11\/28\/2026 at 9:15/);
    expect(names[4]).toBe('Revoke the crate link made 11/28/2026 at 9:15 AM');
  });

  it("moves the focus to the next Revoke button after a revoke with the keyboard, and to the list's heading when none is left", async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const calls = fakeLinks([
      { id: 3, scope: 'crate', created_at: local(2026, 11, 28, 11, 0), last_used_at: null },
      { id: 2, scope: 'crate+wants', created_at: local(2026, 11, 28, 10, 0), last_used_at: null },
      { id: 1, scope: 'crate+spins', created_at: local(2026, 11, 28, 9, 0), last_used_at: null },
    ]);
    const user = userEvent.setup();
    renderApp({ route: '/settings/share', state: signedIn() });
    const first = await screen.findByRole('button', { name: /crate link made/ });
    first.focus();
    await user.keyboard('{Enter}');
    // The link that took its place.
    await waitFor(() => expect(screen.getByRole('button', { name: /crate and wants link/ })).toHaveFocus());
    expect(await screen.findByText('The link was revoked.')).toBeInTheDocument();
    // The last one of the list: the focus goes to the one before it.
    await user.tab();
    expect(screen.getByRole('button', { name: /crate and spins link/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: /crate and wants link/ })).toHaveFocus());
    // None left: the list's heading.
    await user.keyboard(' ');
    expect(await screen.findByText('You have no share links.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your links' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
    expect(calls.revoked).toEqual([3, 1, 2]);
  });

  it('fits the list in a 375 px phone: three columns, the creation date beside the scope', async () => {
    fakeLinks([{ id: 6, scope: 'crate+wants', created_at: local(2026, 11, 19, 10, 0), last_used_at: null }]);
    renderApp({ route: '/settings/share', state: signedIn() });
    const table = await screen.findByRole('table', { name: 'Your links' });
    // A table of four columns was wider than a 375 px screen (Revoke cut to "Revok").
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Link', 'Last used', 'Actions']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getAllByRole('cell')).toHaveLength(3);
  });
});
