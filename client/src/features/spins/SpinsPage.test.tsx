import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../test/server';
import { renderApp, signedIn } from '../../test/render';

// The screens are loaded on demand; load them once up front so each test sees them at once.
beforeAll(async () => {
  await import('./SpinsPage');
  await import('./AddSpinPage');
});

const spins = [
  { id: 7, listened_at: '2026-01-05', time_spent: '1:05', spin_details: 'Sunday morning' },
  { id: 8, listened_at: null, time_spent: '0:30', spin_details: 'found in a box' },
];

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

  it('says there are no spins yet once an empty list arrives', async () => {
    server.use(http.get('/api/spins', () => HttpResponse.json([])));
    renderApp({ route: '/spins', state: signedIn() });
    expect(await screen.findByText(/No spins yet/)).toBeInTheDocument();
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
