/**
 * The embedded chat-bot frame (PRODUCT.md §1, §2 "Footer", "About"; §9: 800px tall,
 * full width). Its address is `chatbotUrl` of the runtime configuration; without a
 * configured chat bot that is the app's own /chatbot-help.html.
 */
import { useEffect, useRef } from 'react';
import { useAppSelector } from '@/app/hooks';

/** Chat-bot frame height (PRODUCT.md §9). */
const CHAT_FRAME_HEIGHT = 800;

/**
 * The chat bot's iframe, full width and 800px tall, titled with the bot's persona.
 *
 * Keys pressed while the focus is inside the frame go to the frame's document, not to
 * the page, so the modal around it never hears Escape. `onEscape` is called for Escape
 * pressed inside the frame when the frame's document is same-origin (the default help
 * page). A cross-origin chat bot's keys cannot be heard at all (the browser forbids it):
 * there the modal's close button, which stays in the tab order, is the way out.
 * @param onEscape - called when Escape is pressed inside a same-origin frame
 */
export function ChatFrame({ onEscape }: { onEscape?: () => void } = {}) {
  const { chatbotUrl, chatbotName } = useAppSelector((state) => state.config);
  const frame = useRef<HTMLIFrameElement>(null);
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);

  const listening = Boolean(onEscape);

  useEffect(() => {
    const iframe = frame.current;
    if (!iframe || !listening) return;
    let frameWindow: Window | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') escape.current?.();
    };
    const listen = () => {
      frameWindow?.removeEventListener('keydown', onKeyDown);
      frameWindow = null;
      try {
        const win = iframe.contentWindow;
        // Reading the document throws for a cross-origin frame: nothing to listen to then.
        if (!win || !win.document) return;
        win.addEventListener('keydown', onKeyDown);
        frameWindow = win;
      } catch {
        frameWindow = null;
      }
    };
    iframe.addEventListener('load', listen);
    listen();
    return () => {
      iframe.removeEventListener('load', listen);
      try {
        frameWindow?.removeEventListener('keydown', onKeyDown);
      } catch {
        // The frame has gone cross-origin or away.
      }
    };
    // The latest onEscape is read from its ref, so a new callback does not re-attach.
  }, [listening, chatbotUrl]);

  return (
    <iframe
      ref={frame}
      src={chatbotUrl}
      title={`Chat with ${chatbotName}`}
      width="100%"
      height={CHAT_FRAME_HEIGHT}
      className="chat-frame d-block border-0 w-100"
      loading="lazy"
    />
  );
}
