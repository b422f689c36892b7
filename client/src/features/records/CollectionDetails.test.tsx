/**
 * EXTENSIONS.md §5 "Collection details": the collapsible part of add and edit record (a
 * five-star rating operable by keyboard and clearable, grades, price and currency with the
 * last currency used as default, folder, …) and what record details show of it; a friend's
 * record shows no price, purchase or location (API.md "Collection details").
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadedList, makeRecord, MOODS } from '@/test/records';
import { LOADING_SHOWN_KEY } from '@/lib/components/LoadingScreen';
import { renderApp, signedIn } from '@/test/render';
import { server } from '@/test/server';
import { fakeRecordById } from './testing';
import { popupsGone } from '@/test/popups';

beforeEach(() => {
  sessionStorage.setItem(LOADING_SHOWN_KEY, '1');
  localStorage.clear();
  server.use(
    http.get('/api/mood', () => HttpResponse.json(MOODS)),
    http.get('/api/record', () => HttpResponse.json([])),
  );
});

describe('the Collection details part of add record', () => {
  it("suggests the user's folders in the folder field, and takes any other name", async () => {
    let asked = 0;
    server.use(
      http.get('/api/record/folders', () => {
        asked += 1;
        return HttpResponse.json([
          { folder: 'Jazz', records: 40 },
          { folder: 'Shelf 2', records: 3 },
        ]);
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/user/add', state: signedIn() });
    await screen.findByRole('option', { name: 'Upbeat' });
    // Asked for only once the part is opened.
    expect(asked).toBe(0);
    await user.click(screen.getByText('Collection details'));
    const folder = await screen.findByLabelText('Folder');
    const listId = folder.getAttribute('list');
    expect(listId).toBeTruthy();
    await waitFor(() =>
      expect(
        [...document.querySelectorAll(`datalist#${listId} option`)].map((o) => o.getAttribute('value')),
      ).toEqual(['Jazz', 'Shelf 2']),
    );
    await user.type(folder, 'Krautrock');
    expect(folder).toHaveValue('Krautrock');
  });

  it('is collapsed at first, opens from its summary, rates by arrow keys, clears, and sends what is set', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/record/add', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makeRecord({ id: 60 }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/user/add', state: signedIn() });
    await screen.findByRole('option', { name: 'Upbeat' });
    expect(screen.queryByRole('radio', { name: '1 star' })).toBeNull();

    // A native <details>: its summary opens it (Enter or Space in a browser; a click here).
    const summary = screen.getByText('Collection details');
    expect(summary.tagName).toBe('SUMMARY');
    await user.click(summary);
    await screen.findByRole('radio', { name: '1 star' });
    const rating = screen.getByText('Rating').closest('fieldset')!;
    const stars = within(rating).getAllByRole('radio');
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    // Keyboard only: Tab onto the stars, Space picks one, the arrow keys move the rating.
    stars[0]!.focus();
    await user.keyboard(' ');
    expect(stars[0]).toBeChecked();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    // Clearable.
    await user.click(screen.getByRole('button', { name: 'Clear rating' }));
    expect(
      within(rating)
        .getAllByRole('radio')
        .some((star) => (star as HTMLInputElement).checked),
    ).toBe(false);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));

    await user.type(screen.getByLabelText('Artist'), 'Can');
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Upbeat');
    await user.type(screen.getByLabelText('Folder'), ' Krautrock ');
    await user.selectOptions(screen.getByLabelText('Media condition'), 'Near Mint (NM or M-)');
    await user.selectOptions(screen.getByLabelText('Sleeve condition'), 'Generic');
    expect(screen.getByLabelText('Currency')).toHaveValue('EUR');
    await user.type(screen.getByLabelText('Price'), '24.99');
    await user.selectOptions(screen.getByLabelText('Currency'), 'GBP');
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));

    await waitFor(() => expect(body).toBeDefined());
    expect(body).toEqual({
      artist: 'Can',
      title: 'Tago Mago',
      mood: 11,
      details: '',
      rating: 5,
      folder: 'Krautrock',
      media_condition: 'Near Mint (NM or M-)',
      sleeve_condition: 'Generic',
      price: { amount: '24.99', currency: 'GBP' },
    });
  });

  it('warns about the price and sends nothing for one with three decimals; takes a decimal comma; the next form starts with the last currency', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('/api/record/add', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(makeRecord({ id: 61 }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const view = renderApp({ route: '/user/add', state: signedIn() });
    await screen.findByRole('option', { name: 'Upbeat' });
    await user.click(screen.getByText('Collection details'));
    await user.type(screen.getByLabelText('Artist'), 'Can');
    await user.type(screen.getByLabelText('Title'), 'Tago Mago');
    await user.selectOptions(screen.getByLabelText('Mood'), 'Upbeat');
    await user.type(await screen.findByLabelText('Price'), '24.999');
    expect(screen.getByLabelText('Price')).toBeInvalid();
    // The field says what it takes, and the popup names the price (the form is filled in).
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
      expect.stringContaining('An amount from 0 to 99999.99, at most 2 decimals.'),
    );
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));
    expect(await screen.findByText('The price must be an amount like 24.99.')).toBeInTheDocument();
    expect(screen.queryByText('Please fill form before submit')).not.toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    // The popup closes and gives the focus back to the button 100 ms later (sweetalert2's
    // returnFocus); the button may have the focus before that, and typing before the popup
    // was done lost the keys after the first on a busy machine.
    await popupsGone();
    expect(document.activeElement).toHaveTextContent('ADD RECORD');
    await user.clear(screen.getByLabelText('Price'));
    // "9,5" as many collectors write it: sent as the API's 9.5.
    await user.type(screen.getByLabelText('Price'), '9,5');
    expect(screen.getByLabelText('Price')).toBeValid();
    await user.selectOptions(screen.getByLabelText('Currency'), 'USD');
    await user.click(screen.getByRole('button', { name: 'ADD RECORD' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ price: { amount: '9.5', currency: 'USD' } });
    view.unmount();

    renderApp({ route: '/user/add', state: signedIn() });
    await screen.findByRole('option', { name: 'Upbeat' });
    await user.click(screen.getByText('Collection details'));
    expect(await screen.findByLabelText('Currency')).toHaveValue('USD');
  });
});

describe('record details show the collection details', () => {
  const mine = makeRecord({
    id: 7,
    user_id: 1,
    title: 'Tago Mago',
    rating: 4,
    folder: 'Krautrock',
    location: 'Shelf 2 / B',
    media_condition: 'Very Good Plus (VG+)',
    sleeve_condition: 'Generic',
    price: { amount: '24.99', currency: 'EUR' },
    purchased_on: '2024-05-17',
    purchased_from: 'Rough Trade East',
    label: 'United Artists',
    catalog_number: 'UAS 29 211',
    format: '2xLP',
  });

  it('lists what is set, the rating as stars with a text name', async () => {
    renderApp({ route: '/user/details/7', state: { ...signedIn(), records: loadedList([mine]) } });
    expect(await screen.findByRole('heading', { name: 'Tago Mago' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '4 of 5 stars' })).toHaveTextContent('★★★★☆');
    for (const text of [
      'Krautrock',
      'Shelf 2 / B',
      'Very Good Plus (VG+)',
      'Generic',
      '24.99 EUR',
      '05/17/2024',
      'Rough Trade East',
      'United Artists',
      'UAS 29 211',
      '2xLP',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it("shows a friend's record without price, purchase or location, as the server sends it", async () => {
    const friends = {
      ...mine,
      user_id: 5,
      location: null,
      price: null,
      purchased_on: null,
      purchased_from: null,
    };
    server.use(fakeRecordById(() => [friends], true));
    renderApp({ route: '/social/friends/5/7', state: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Tago Mago' })).toBeInTheDocument();
    expect(screen.getByText('Krautrock')).toBeInTheDocument();
    expect(screen.queryByText('Price')).toBeNull();
    expect(screen.queryByText('Purchased on')).toBeNull();
    expect(screen.queryByText('Purchased from')).toBeNull();
    expect(screen.queryByText('Location')).toBeNull();
  });
});
