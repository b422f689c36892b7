import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';
import { renderApp, signedIn } from '@/test/render';

// The screens are loaded on demand; load them once up front so each test sees them at once.
beforeAll(async () => {
  await import('./SpinsPage');
  await import('./AddSpinPage');
});

const spins = [
  { id: 7, listened_at: '2026-01-05', time_spent: '1:05', spin_details: 'Sunday morning', records: [] },
  { id: 8, listened_at: null, time_spent: '0:30', spin_details: 'found in a box', records: [] },
];

/** `n` records numbered 1 … n, as GET /api/spins lists them (by id ascending). */
function records(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    title: `Title ${i + 1}`,
    artist: `Artist ${i + 1}`,
  }));
}

describe('SpinsPage', () => {
  it('lists each spin with its date (MM/DD/YYYY or Unknown date) and details, linking to its details', async () => {
    server.use(http.get('/api/spins', () => HttpResponse.json(spins)));
    renderApp({ route: '/spins', state: signedIn() });

    expect(await screen.findByRole('heading', { name: 'spins' })).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: /Sunday morning/ });
    expect(first).toHaveAttribute('href', '/spins/details/7');
    expect(within(first).getByText('01/05/2026')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: /found in a box/ });
    expect(second).toHaveAttribute('href', '/spins/details/8');
    expect(within(second).getByText('Unknown date')).toBeInTheDocument();
    expect(first.querySelector('img')).toHaveAttribute('src', '/record-light.svg');
  });

  // EXTENSIONS.md §2: "Spin cards on /spins also list their records ("{title} by {artist}",
  // at most three, then "+{n} more")."
  it('lists a spin’s records on its card: all of one or three, "{title} by {artist}", with no "more"', async () => {
    server.use(
      http.get('/api/spins', () =>
        HttpResponse.json([
          { ...spins[0], records: records(1) },
          { ...spins[1], records: records(3) },
        ]),
      ),
    );
    renderApp({ route: '/spins', state: signedIn() });

    const one = await screen.findByRole('link', { name: /Sunday morning/ });
    expect(within(one).getByText('Title 1 by Artist 1')).toBeInTheDocument();
    expect(within(one).queryByText(/by Artist 2/)).not.toBeInTheDocument();
    const three = screen.getByRole('link', { name: /found in a box/ });
    expect(within(three).getByText('Title 1 by Artist 1')).toBeInTheDocument();
    expect(within(three).getByText('Title 2 by Artist 2')).toBeInTheDocument();
    expect(within(three).getByText('Title 3 by Artist 3')).toBeInTheDocument();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('names the first three of five records, then "+2 more"', async () => {
    server.use(http.get('/api/spins', () => HttpResponse.json([{ ...spins[0], records: records(5) }])));
    renderApp({ route: '/spins', state: signedIn() });

    const card = await screen.findByRole('link', { name: /Sunday morning/ });
    expect(within(card).getByText('Title 1 by Artist 1')).toBeInTheDocument();
    expect(within(card).getByText('Title 2 by Artist 2')).toBeInTheDocument();
    expect(within(card).getByText('Title 3 by Artist 3')).toBeInTheDocument();
    expect(within(card).queryByText(/Title 4/)).not.toBeInTheDocument();
    expect(within(card).queryByText(/Title 5/)).not.toBeInTheDocument();
    expect(within(card).getByText('+2 more')).toBeInTheDocument();
  });

  it('lists no record on the card of a spin whose records were all deleted', async () => {
    server.use(http.get('/api/spins', () => HttpResponse.json([spins[0]])));
    renderApp({ route: '/spins', state: signedIn() });

    const card = await screen.findByRole('link', { name: /Sunday morning/ });
    expect(within(card).queryByText(/ by /)).not.toBeInTheDocument();
    expect(within(card).queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('says there are no spins yet once an empty list arrives', async () => {
    server.use(http.get('/api/spins', () => HttpResponse.json([])));
    renderApp({ route: '/spins', state: signedIn() });
    expect(await screen.findByText(/No spins yet/)).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded (never an empty screen), and loads it on Try again', async () => {
    // EXTENSIONS.md §11: nothing empties silently; a list that got no answer says so.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/spins', () => HttpResponse.error()));
    const user = userEvent.setup();
    renderApp({ route: '/spins', state: signedIn() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your spins could not be loaded.');
    expect(screen.queryByText(/No spins yet/)).not.toBeInTheDocument();
    server.use(http.get('/api/spins', () => HttpResponse.json(spins)));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Spins' });
    expect(await within(list).findByText('Sunday morning')).toBeInTheDocument();
    expect(screen.queryByText('Your spins could not be loaded.')).not.toBeInTheDocument();
  });

  it('uses the white record icon in the dark theme', async () => {
    server.use(http.get('/api/spins', () => HttpResponse.json(spins)));
    renderApp({ route: '/spins', state: { ...signedIn(), theme: { theme: 'dark' } } });
    const first = await screen.findByRole('link', { name: /Sunday morning/ });
    expect(first.querySelector('img')).toHaveAttribute('src', '/record-white.svg');
  });

  it('opens the add-spin screen with Add Spin', async () => {
    server.use(
      http.get('/api/spins', () => HttpResponse.json([])),
      http.get('/api/record', () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderApp({ route: '/spins', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Add Spin' }));
    expect(await screen.findByLabelText('Pick Date')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/spins/add');
  });
});
