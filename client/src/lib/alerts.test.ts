import { waitFor } from '@testing-library/react';
import Swal from 'sweetalert2';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { warnAttention } from './alerts';

describe('popups follow the theme', () => {
  // jsdom has no scrolling; sweetalert2 restores the scroll position on close.
  // (It does so after its close animation, so the stub stays for the whole file.)
  beforeAll(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    Swal.close();
    document.documentElement.setAttribute('data-bs-theme', 'light');
  });

  it('opens in the dark theme when the page is dark, light otherwise', async () => {
    document.documentElement.setAttribute('data-bs-theme', 'dark');
    // sweetalert2 is loaded on the first popup, so the popup opens a moment later.
    void warnAttention('Please fill form before submit');
    await waitFor(() =>
      expect(document.querySelector('.swal2-container')).toHaveAttribute('data-swal2-theme', 'dark'),
    );
    Swal.close();

    document.documentElement.setAttribute('data-bs-theme', 'light');
    void warnAttention('Please fill form before submit');
    await waitFor(() =>
      expect(document.querySelector('.swal2-container')).toHaveAttribute('data-swal2-theme', 'light'),
    );
    expect(Swal.getTitle()).toHaveTextContent('Attention!');
  });
});
