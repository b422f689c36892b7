import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { loginRequestFailed, registerRequestFailed } from '@/features/auth/auth.failures';
import { fetchSpinsFailed } from '@/features/spins/spins.actions';
import { makeStore } from '@/test/store';

describe('failed calls (PRODUCT.md §8)', () => {
  it('are logged to the console, except the login and registration failures shown on screen', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const store = makeStore();
      store.dispatch(loginRequestFailed({ status: 401, message: 'wrong' }));
      store.dispatch(registerRequestFailed({ status: 409, message: 'taken' }));
      store.dispatch(fetchSpinsFailed({ status: 503, message: 'database unavailable' }));
      await waitFor(() => expect(log).toHaveBeenCalledTimes(1));
      expect(log).toHaveBeenCalledWith('FETCH_SPINS failed (HTTP 503): database unavailable');
    } finally {
      log.mockRestore();
    }
  });
});
