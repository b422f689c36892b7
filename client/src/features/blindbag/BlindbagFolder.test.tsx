import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

describe('the folder select of the blindbag (EXTENSIONS.md §5)', () => {
  it('draws from the chosen folder only, kept in the URL', async () => {
    const draws: Array<Record<string, string>> = [];
    server.use(
      http.get('/api/record/folders', () =>
        HttpResponse.json([
          { folder: 'Folk', records: 1 },
          { folder: 'Jazz', records: 2 },
        ]),
      ),
      http.get('/api/blindbag', ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        draws.push(query);
        return query.folder === 'Jazz'
          ? HttpResponse.json({
              id: 2,
              title: 'Kind of Blue',
              artist: 'Miles Davis',
              coverart: '',
              cover: null,
            })
          : HttpResponse.json({ id: 1, title: 'Blue', artist: 'Joni Mitchell', coverart: '', cover: null });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    const select = await screen.findByRole('combobox', { name: 'Folder' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All folders', 'Folk (1)', 'Jazz (2)']);
    await user.selectOptions(select, 'Jazz (2)');
    expect(screen.getByTestId('location-query')).toHaveTextContent('folder=Jazz');
    await user.click(screen.getByRole('button', { name: 'Draw a random record' }));
    expect(await screen.findByText('Kind of Blue by Miles Davis')).toBeInTheDocument();
    expect(draws).toEqual([{ folder: 'Jazz' }]);
  });

  it('opens with the folder of the URL and says when the folder has nothing to draw', async () => {
    const draws: Array<Record<string, string>> = [];
    server.use(
      http.get('/api/record/folders', () => HttpResponse.json([{ folder: 'Folk', records: 1 }])),
      http.get('/api/blindbag', ({ request }) => {
        draws.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(
          { error: { code: 'not_found', message: 'Nothing matches' } },
          { status: 404 },
        );
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/blindbag?folder=Folk', state: signedIn() });
    expect(await screen.findByRole('combobox', { name: 'Folder' })).toHaveValue('Folk');
    await user.click(screen.getByRole('button', { name: 'Draw a random record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing in the folder "Folk" to draw.');
    expect(draws).toEqual([{ folder: 'Folk' }]);
  });
});
