import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Swal from 'sweetalert2';
import { makeStore } from '@/test/store';
import LoadingScreen, { LOADING_SHOWN_KEY, useFirstVisitLoading } from './LoadingScreen';

afterEach(() => {
  Swal.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LoadingScreen', () => {
  it('uses the white logo in the dark theme', () => {
    const store = makeStore({ theme: { theme: 'dark' } });
    render(
      <Provider store={store}>
        <LoadingScreen />
      </Provider>,
    );
    expect(screen.getByRole('img', { name: 'Spincrate' })).toHaveAttribute('src', '/logo-white.svg');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your crate...');
  });

  it('useFirstVisitLoading is true for 1000 ms, once per session', () => {
    vi.useFakeTimers();
    function Probe() {
      return <p>{useFirstVisitLoading() ? 'loading' : 'ready'}</p>;
    }
    const first = render(<Probe />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(sessionStorage.getItem(LOADING_SHOWN_KEY)).toBe('1');
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('loading')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('ready')).toBeInTheDocument();
    first.unmount();
    render(<Probe />);
    expect(screen.getByText('ready')).toBeInTheDocument();
  });
});
