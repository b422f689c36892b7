import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import Swal from 'sweetalert2';
import { server } from '@/test/server';
import { deletedNotice } from '@/lib/alerts';
import { renderApp, signedIn } from '@/test/render';

const POPUP_TEXT = 'New to Spincrate? Need a friend? Add the creator, maker!';

/** Signed in, with the creator's username from the runtime configuration. */
const state = () => ({
  ...signedIn(),
  config: {
    chatbotUrl: '/chatbot-help.html',
    chatbotName: 'Crate Digger',
    creatorUsername: 'maker',
    imageUrl: '/sample-image.svg',
    version: 'v1.3.2',
  },
});

function friendsAnswer(friends: Array<{ friend_id: number; friend_username: string }>) {
  server.use(http.get('/api/social/friends', () => HttpResponse.json(friends)));
}

// The screens are loaded on demand; load them before fake timers take over: the screen shown
// once with real timers, so that everything it loads on its first showing (the route's lazy
// screen included) is in place whichever test of this file runs first.
beforeAll(async () => {
  await import('./SocialPage');
  await import('./AddFriendPage');
  friendsAnswer([{ friend_id: 5, friend_username: 'sam' }]);
  const view = renderApp({ route: '/social', state: signedIn() });
  await screen.findByRole('link', { name: "sam's crate" });
  view.unmount();
  server.resetHandlers();
});

/** Lets the screen (loaded on demand, already imported above) mount without moving the fake clock. */
async function showScreen() {
  for (let i = 0; i < 5; i += 1) await act(async () => {});
}

afterEach(() => {
  Swal.close();
  document.querySelectorAll('.swal2-container').forEach((node) => node.remove());
  vi.useRealTimers();
});

describe('SocialPage', () => {
  it('shows the heading, the three buttons and each friend as a link to their crate', async () => {
    friendsAnswer([
      { friend_id: 5, friend_username: 'sam' },
      { friend_id: 9, friend_username: 'alex' },
    ]);
    const user = userEvent.setup();
    renderApp({ route: '/social', state: signedIn() });

    expect(await screen.findByRole('heading', { name: 'social' })).toBeInTheDocument();
    const sam = await screen.findByRole('link', { name: "sam's crate" });
    expect(sam).toHaveAttribute('href', '/social/friends/5');
    expect(screen.getByRole('link', { name: "alex's crate" })).toHaveAttribute('href', '/social/friends/9');
    const list = screen.getByRole('list', { name: 'Friends' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    expect(screen.getByRole('button', { name: 'Latest Listens' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hot Off The Press' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add friend' }));
    expect(await screen.findByLabelText("Enter Friend's Username")).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/social/add');
  });

  it('shows the crate image matching the theme', async () => {
    friendsAnswer([{ friend_id: 5, friend_username: 'sam' }]);
    renderApp({ route: '/social', state: { ...signedIn(), theme: { theme: 'dark' } } });
    const link = await screen.findByRole('link', { name: "sam's crate" });
    expect(link.querySelector('img')).toHaveAttribute('src', '/crate-white.svg');
  });

  it('shows the creator popup one second after load when there are no friends, for 2.75 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    friendsAnswer([]);
    renderApp({ route: '/social', state: state() });
    await showScreen();
    expect(screen.getByRole('heading', { name: 'social' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(screen.queryByText(POPUP_TEXT)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('dialog')).toHaveTextContent(POPUP_TEXT);
    await act(() => vi.advanceTimersByTimeAsync(50)); // the popup's fade-in
    expect(screen.getByText(POPUP_TEXT)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2650));
    expect(screen.getByText(POPUP_TEXT)).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText(POPUP_TEXT)).not.toBeInTheDocument();
  });

  it('keeps a notice that is already open (ending the last friendship) instead of replacing it', async () => {
    friendsAnswer([]);
    // Opened as the app opens it (lib/alerts.ts), which is how the screen can tell it is open,
    // whichever test of this file runs first; the clock is faked once it shows.
    void deletedNotice('The friendship has been ended.');
    expect(await screen.findByRole('dialog')).toHaveTextContent('The friendship has been ended.');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderApp({ route: '/social', state: state() });
    await showScreen();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByRole('dialog')).toHaveTextContent('The friendship has been ended.');
    expect(screen.queryByText(POPUP_TEXT)).not.toBeInTheDocument();
  });

  it('waits for a slow friends list instead of telling a user with friends they have none', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/social/friends', async () => {
        await gate;
        return HttpResponse.json([{ friend_id: 5, friend_username: 'sam' }]);
      }),
    );
    renderApp({ route: '/social', state: state() });
    await showScreen();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByText(POPUP_TEXT)).not.toBeInTheDocument();

    release();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('link', { name: "sam's crate" })).toBeInTheDocument();
    expect(screen.queryByText(POPUP_TEXT)).not.toBeInTheDocument();
  });

  it('shows no popup when the user has friends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    friendsAnswer([{ friend_id: 5, friend_username: 'sam' }]);
    renderApp({ route: '/social', state: state() });
    await showScreen();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('link', { name: "sam's crate" })).toBeInTheDocument();
    expect(screen.queryByText(POPUP_TEXT)).not.toBeInTheDocument();
  });
});
