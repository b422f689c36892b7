import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Link } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app/App';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';

const bag = [
  { id: 1, title: 'Blue', artist: 'Joni Mitchell', coverart: 'http://localhost/covers/1.jpg', cover: null },
  { id: 2, title: 'Tago Mago', artist: 'Can', coverart: '', cover: null },
];

let searches: Array<string | null>;

beforeEach(() => {
  searches = [];
  let n = 0;
  server.use(
    http.get('/api/blindbag', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search');
      searches.push(search);
      if (search === 'nothing') {
        return HttpResponse.json(
          { error: { code: 'not_found', message: 'Nothing matches' } },
          { status: 404 },
        );
      }
      return HttpResponse.json(bag[n++ % bag.length]);
    }),
  );
});

describe('BlindbagPage', () => {
  it('not drawn → the spinning record draws → cover and "{title} by {artist}" → the cover draws again', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'blindbag' })).toBeInTheDocument();
    expect(screen.queryByText(/ by /)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Draw a random record' }));
    expect(await screen.findByText('Blue by Joni Mitchell')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Blue' })).toHaveAttribute('src', bag[0]!.coverart);
    expect(screen.queryByRole('button', { name: 'Draw a random record' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Blue.*draw another record/ }));
    expect(await screen.findByText('Tago Mago by Can')).toBeInTheDocument();
    // No cover: the app's fallback image.
    expect(screen.getByRole('img', { name: 'Tago Mago' })).toHaveAttribute('src', '/covers/fallback.svg');
    expect(searches).toEqual([null, null]);
  });

  it("shows the drawn record's own 250/500 px thumbnails once it has cover, not its coverart", async () => {
    // API.md "Covers served by Spincrate": "Every Record and Want gains `cover`: { "small":
    // "/covers/{key}-250.webp", "large": "/covers/{key}-500.webp" } once the image has been
    // fetched, else `null` (the client then shows `coverart`, which keeps the source URL or
    // the fallback as before)."
    const small = `/covers/${'d'.repeat(32)}-250.webp`;
    const large = `/covers/${'d'.repeat(32)}-500.webp`;
    server.use(
      http.get('/api/blindbag', () =>
        HttpResponse.json({
          id: 3,
          title: 'Hejira',
          artist: 'Joni Mitchell',
          coverart: 'https://images.test/hejira.jpg',
          cover: { small, large },
        }),
      ),
    );
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Draw a random record' }));
    const cover = await screen.findByRole('img', { name: 'Hejira' });
    expect(cover).toHaveAttribute('src', small);
    expect(cover).toHaveAttribute('srcset', `${small} 250w, ${large} 500w`);
    expect(cover).toHaveAttribute('sizes');
    expect(cover.getAttribute('src')).not.toContain('images.test');

    // A thumbnail that cannot be loaded gives way to the fallback cover, srcset and all.
    fireEvent.error(cover);
    expect(cover).toHaveAttribute('src', '/covers/fallback.svg');
    expect(cover).not.toHaveAttribute('srcset');
  });

  it('keeps the focus after a draw by keyboard: the pressed record icon goes, the cover that draws again gets it', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    const spinner = await screen.findByRole('button', { name: 'Draw a random record' });
    spinner.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Blue by Joni Mitchell')).toBeInTheDocument();
    const cover = screen.getByRole('button', { name: /Blue.*draw another record/ });
    await waitFor(() => expect(cover).toHaveFocus());

    // Enter again on the focused cover draws the next record, and the focus stays on the cover.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Tago Mago by Can')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Tago Mago.*draw another record/ })).toHaveFocus();
  });

  it('sends the filter with the draw; Clear only empties the text', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    const filter = await screen.findByPlaceholderText('Filter by title, artist, tags, or mood...');
    await user.type(filter, 'folk');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Blue by Joni Mitchell')).toBeInTheDocument();
    expect(searches).toEqual(['folk']);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(filter).toHaveValue('');
    // The drawn record stays, and nothing was sent.
    expect(screen.getByText('Blue by Joni Mitchell')).toBeInTheDocument();
    expect(searches).toEqual(['folk']);

    await user.type(filter, 'mellow');
    await user.click(screen.getByRole('button', { name: /draw another record/ }));
    expect(await screen.findByText('Tago Mago by Can')).toBeInTheDocument();
    expect(searches).toEqual(['folk', 'mellow']);
  });

  it('tells the user when nothing matches the filter', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    await user.type(
      await screen.findByPlaceholderText('Filter by title, artist, tags, or mood...'),
      'nothing',
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing in your crate matches "nothing"');
    expect(screen.getByRole('button', { name: 'Draw a random record' })).toBeInTheDocument();
  });

  it('leaving the page clears the drawn record and the filter', async () => {
    const user = userEvent.setup();
    const ui = (
      <>
        <AppRoutes />
        <Link to="/info">Go elsewhere</Link>
        <Link to="/blindbag">Back to the blindbag</Link>
      </>
    );
    const { store } = renderApp({ route: '/blindbag', state: signedIn(), ui });
    await user.type(await screen.findByPlaceholderText('Filter by title, artist, tags, or mood...'), 'folk');
    await user.click(screen.getByRole('button', { name: 'Draw a random record' }));
    await screen.findByText('Blue by Joni Mitchell');

    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/info'));
    // The blindbag screen stays (dimmed) until the next screen's code has loaded; it clears
    // the drawn record when it goes away.
    await waitFor(() => expect(store.getState().blindbag.record).toBeNull());

    await user.click(screen.getByRole('link', { name: 'Back to the blindbag' }));
    expect(await screen.findByRole('button', { name: 'Draw a random record' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Filter by title, artist, tags, or mood...')).toHaveValue('');
    expect(screen.queryByText(/ by /)).not.toBeInTheDocument();
  });
});

describe('BlindbagPage, EXTENSIONS.md §2', () => {
  it('"Not played in": any time (default), 30 days, 90 days, 1 year, 3 years, sent as unplayedDays', async () => {
    const queries: string[] = [];
    server.use(
      http.get('/api/blindbag', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(bag[0]);
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    const select = await screen.findByLabelText('Not played in');
    expect(select).toHaveDisplayValue('any time');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'any time',
      '30 days',
      '90 days',
      '1 year',
      '3 years',
    ]);
    await user.click(screen.getByRole('button', { name: 'Draw a random record' }));
    await screen.findByText('Blue by Joni Mitchell');
    await user.selectOptions(select, '90 days');
    await user.click(screen.getByRole('button', { name: /draw another record/ }));
    await user.selectOptions(select, '3 years');
    await user.type(screen.getByPlaceholderText('Filter by title, artist, tags, or mood...'), 'folk');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.selectOptions(select, '1 year');
    await user.clear(screen.getByPlaceholderText('Filter by title, artist, tags, or mood...'));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(queries).toHaveLength(4));
    expect(queries).toEqual(['', '?unplayedDays=90', '?search=folk&unplayedDays=1095', '?unplayedDays=365']);
  });

  it('says "Nothing in your crate has been waiting that long." when nothing qualifies', async () => {
    server.use(
      http.get('/api/blindbag', () =>
        HttpResponse.json({ error: { code: 'not_found', message: 'Nothing matches' } }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    await user.selectOptions(await screen.findByLabelText('Not played in'), '30 days');
    await user.click(screen.getByRole('button', { name: 'Draw a random record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing in your crate has been waiting that long.',
    );
  });

  it('the drawn record has a Spin it button opening /spins/add with it', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/blindbag', state: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Draw a random record' }));
    await screen.findByText('Blue by Joni Mitchell');
    expect(screen.getByRole('link', { name: 'Spin it' })).toHaveAttribute('href', '/spins/add?record=1');
  });
});
