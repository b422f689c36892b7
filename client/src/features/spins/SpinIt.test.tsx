import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { makeRecord } from '@/test/records';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

const records = [
  makeRecord({ id: 12, title: 'Kind of Blue', artist: 'Miles Davis' }),
  makeRecord({ id: 14, title: 'Abbey Road', artist: 'The Beatles' }),
];

describe('add spin (EXTENSIONS.md §2)', () => {
  it('the date starts at today', async () => {
    server.use(
      http.get('/api/record', () => HttpResponse.json(records)),
      http.get('/api/record/:id', ({ params }) =>
        HttpResponse.json(records.find((r) => String(r.id) === params.id)),
      ),
    );
    renderApp({ route: '/spins/add', state: signedIn() });
    expect(await screen.findByLabelText('Pick Date')).toHaveValue(format(new Date(), 'MM/dd/yyyy'));
  });

  it('Spin it: /spins/add?record={id} opens with that record already picked', async () => {
    // The record is looked up by id (a reload of the link: nothing is loaded yet).
    server.use(
      http.get('/api/record', () => HttpResponse.json(records)),
      http.get('/api/record/:id', ({ params }) =>
        HttpResponse.json(records.find((r) => String(r.id) === params.id)),
      ),
    );
    const { store } = renderApp({ route: '/spins/add?record=14', state: signedIn() });
    await waitFor(() => expect(store.getState().recordLookup.record?.id).toBe(14));
    expect(await screen.findByText('Abbey Road')).toBeInTheDocument();
    expect(screen.queryByText('Kind of Blue')).not.toBeInTheDocument();
  });
});
