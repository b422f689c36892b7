import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setConfig } from './layout.slice';
import Footer from './Footer';

describe('Footer', () => {
  it('shows the Info and About badges and the version label', () => {
    renderApp({ route: '/home', ui: <Footer /> });
    expect(screen.getByRole('link', { name: 'Info' })).toHaveAttribute('href', '/info');
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(screen.getByText(/©.*Spincrate.*v1\.3\.2/)).toBeInTheDocument();
  });

  it("opens the chat frame in a modal from the persona's button and closes it with the close button", async () => {
    const user = userEvent.setup();
    renderApp({ route: '/home', ui: <Footer /> });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crate Digger' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Chat with Crate Digger');
    const frame = screen.getByTitle('Chat with Crate Digger');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/chatbot-help.html');
    expect(frame).toHaveAttribute('height', '800');
    expect(frame).toHaveAttribute('width', '100%');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the chat modal on Escape pressed inside the (same-origin) chat frame, focus back on the button', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/home', ui: <Footer /> });
    const open = screen.getByRole('button', { name: 'Crate Digger' });
    await user.click(open);
    await screen.findByRole('dialog');
    const frame = screen.getByTitle<HTMLIFrameElement>('Chat with Crate Digger');
    // Keys typed in the frame reach the frame's document, never the page's.
    const frameDocument = frame.contentWindow!.document;
    frameDocument.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('keeps the focus inside the chat modal: Shift+Tab before Close goes to the chat frame, not the page behind (EXTENSIONS.md §11)', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/home', ui: <Footer /> });
    await user.click(screen.getByRole('button', { name: 'Crate Digger' }));
    const dialog = await screen.findByRole('dialog');
    const frame = screen.getByTitle<HTMLIFrameElement>('Chat with Crate Digger');
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    // Shift+Tab before Close: to the chat frame, the modal's last stop, not the page behind.
    await user.tab({ shift: true });
    expect(frame).toHaveFocus();
  });

  it('closes the chat modal on a click on the overlay', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/home', ui: <Footer /> });
    await user.click(screen.getByRole('button', { name: 'Crate Digger' }));
    const dialog = await screen.findByRole('dialog');
    // The dialog element is the full-screen overlay around the modal's content.
    await user.click(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the button and frame after the configured persona and address', async () => {
    const { store } = renderApp({ route: '/home', ui: <Footer /> });
    act(() => {
      store.dispatch(
        setConfig({
          chatbotUrl: 'https://chat.example.test/bot',
          chatbotName: 'Needle Drop',
          creatorUsername: 'spincrate',
          imageUrl: '/sample-image.svg',
          version: '1.3.2',
        }),
      );
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Needle Drop' }));
    expect(await screen.findByTitle('Chat with Needle Drop')).toHaveAttribute(
      'src',
      'https://chat.example.test/bot',
    );
    expect(screen.getByText(/v1\.3\.2/)).toBeInTheDocument();
  });
});
