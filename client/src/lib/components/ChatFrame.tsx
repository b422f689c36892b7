/**
 * The embedded chat-bot frame (PRODUCT.md §1, §2 "Footer", "About"; §9: 800px tall,
 * full width). Its address is `chatbotUrl` of the runtime configuration; without a
 * configured chat bot that is the app's own /chatbot-help.html.
 */
import { useAppSelector } from '../hooks';

/** Chat-bot frame height (PRODUCT.md §9). */
export const CHAT_FRAME_HEIGHT = 800;

/** The chat bot's iframe, full width and 800px tall, titled with the bot's persona. */
export function ChatFrame() {
  const { chatbotUrl, chatbotName } = useAppSelector((state) => state.config);
  return (
    <iframe
      src={chatbotUrl}
      title={`Chat with ${chatbotName}`}
      width="100%"
      height={CHAT_FRAME_HEIGHT}
      className="chat-frame d-block border-0 w-100"
      loading="lazy"
    />
  );
}
