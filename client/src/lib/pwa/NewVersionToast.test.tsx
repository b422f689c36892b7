/**
 * The "New version — reload" toast (EXTENSIONS.md §9): shown when a new version waits,
 * Reload activates it, and it never takes the focus. workbox-window's registration
 * (`virtual:pwa-register`) is faked: it is where the browser's service worker API begins.
 */
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { NewVersionToast } from './NewVersionToast';

const registration = vi.hoisted(() => ({
  options: undefined as undefined | { immediate?: boolean; onNeedRefresh?: () => void },
  updateSW: vi.fn((_reload?: boolean) => Promise.resolve()),
}));

vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: NonNullable<typeof registration.options>) => {
    registration.options = options;
    return registration.updateSW;
  },
}));

afterEach(() => {
  registration.options = undefined;
  registration.updateSW.mockClear();
  document.body.innerHTML = '';
});

describe('NewVersionToast', () => {
  it('says "New version — reload" as a polite status, and Reload activates the new version', async () => {
    const onReload = vi.fn(() => new Promise<void>(() => {}));
    render(<NewVersionToast onReload={onReload} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('New version — reload');
    expect(status).toHaveAttribute('aria-live', 'polite');
    // A status message: it does not move the focus.
    expect(status).not.toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(within(status).getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    // Pressed once: the page is reloading.
    expect(within(status).getByRole('button', { name: 'Reload' })).toBeDisabled();
  });

  it('can be closed, leaving the running version', async () => {
    const onReload = vi.fn();
    render(<NewVersionToast onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('New version — reload')).not.toBeInTheDocument());
    expect(onReload).not.toHaveBeenCalled();
  });

  it('lets Reload be pressed again when activating fails', async () => {
    const onReload = vi.fn(() => Promise.reject(new Error('no waiting worker')));
    render(<NewVersionToast onReload={onReload} />);
    const reload = screen.getByRole('button', { name: 'Reload' });
    await userEvent.click(reload);
    await waitFor(() => expect(reload).toBeEnabled());
  });
});

describe('registerServiceWorker', () => {
  it('registers at once, and a waiting version shows the toast whose Reload calls updateSW(true)', async () => {
    const { registerServiceWorker } = await import('./registerServiceWorker');
    registerServiceWorker();
    expect(registration.options?.immediate).toBe(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    registration.options?.onNeedRefresh?.();
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('New version — reload');
    await userEvent.click(within(status).getByRole('button', { name: 'Reload' }));
    expect(registration.updateSW).toHaveBeenCalledWith(true);
  });
});
