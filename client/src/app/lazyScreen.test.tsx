/**
 * A screen's module loaded ahead of its render (`preload`, issue 27): once loaded, the screen
 * shows at once, without the "Loading..." fallback in between; the render shares the load.
 */
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazyScreen';

const fallback = <p>Loading...</p>;

describe('lazyScreen', () => {
  it('shows a preloaded screen at once, without the fallback', async () => {
    const Screen = lazyScreen('WantsPage', async () => ({ default: () => <h1>Wantlist</h1> }));
    await Screen.preload();
    render(<Suspense fallback={fallback}>{<Screen />}</Suspense>);
    expect(screen.getByRole('heading', { name: 'Wantlist' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows the fallback until a screen that was not preloaded has loaded', async () => {
    const Screen = lazyScreen('WantsPage', async () => ({ default: () => <h1>Wantlist</h1> }));
    render(<Suspense fallback={fallback}>{<Screen />}</Suspense>);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Wantlist' })).toBeInTheDocument();
  });

  it('loads the module once for the preload and the render', async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Wantlist</h1> }));
    const Screen = lazyScreen('WantsPage', load);
    const preloaded = Screen.preload();
    render(<Suspense fallback={fallback}>{<Screen />}</Suspense>);
    await preloaded;
    expect(await screen.findByRole('heading', { name: 'Wantlist' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
