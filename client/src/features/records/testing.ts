/** Helpers for the records screens' tests (tests only). */
import { afterEach, beforeEach, expect, vi } from 'vitest';
import Swal from 'sweetalert2';
import { configure, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { server } from '@/test/server';

// The screens load on demand and the test machines are shared: allow slow first renders.
configure({ asyncUtilTimeout: 5000 });

/**
 * Records every request the app sends ("METHOD /path?query"), closes popups after
 * each test and quietens jsdom's missing scrollTo (used by the popups).
 * @returns the live list of requests
 */
export function trackRequests(): string[] {
  const requests: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  };
  beforeEach(() => {
    requests.length = 0;
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    server.events.on('request:start', listener);
  });
  afterEach(() => {
    server.events.removeListener('request:start', listener);
    Swal.close();
    vi.restoreAllMocks();
  });
  return requests;
}

/**
 * Clicks OK on the open "Attention!" warning and waits until it has closed and handed
 * the focus back, so later typing goes where the test means it to.
 */
export async function dismissWarning(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByText('Attention!')).not.toBeInTheDocument());
  // sweetalert2 gives the focus back to what had it 100 ms after closing.
  await waitFor(() => expect(document.activeElement).not.toBe(document.body));
}
