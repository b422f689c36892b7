/**
 * The chat-bot modal of the footer (PRODUCT.md §2 "Footer"): the chat frame, closing on the
 * overlay, the close button or Escape (also when the focus is inside a same-origin chat
 * frame), keeping the focus inside while open. Its own module, loaded the first time the chat opens, so Bootstrap's modal stays
 * out of the first load (issue 11).
 */
import { useRef } from 'react';
import Modal from 'react-bootstrap/Modal';
import { ChatFrame } from '@/lib/components/ChatFrame';
// Bootstrap's modal and close-button styles (not part of the first load).
import '@/lib/screenStyles';

export interface ChatModalProps {
  /** Whether the modal is open. */
  show: boolean;
  /** Closes it. */
  onHide(): void;
  /** The chat bot's persona (config.chatbotName). */
  chatbotName: string;
}

/** What the focus can land on inside the modal, in tab order (the chat frame included). */
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * The modal holding the chat frame. The focus stays inside while it is open (EXTENSIONS.md
 * §11): Tab past the chat frame (whose own document the browser leaves from) lands on a
 * guard at the end that sends it to the close button, Shift+Tab before the close button
 * on one at the start that sends it to the frame.
 */
export default function ChatModal({ show, onHide, chatbotName }: ChatModalProps) {
  const content = useRef<HTMLDivElement>(null);
  const focusables = () =>
    [...(content.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
      (element) => !element.classList.contains('chat-focus-guard'),
    );
  const toFirst = () => focusables()[0]?.focus();
  const toLast = () => focusables().at(-1)?.focus();
  return (
    <Modal show={show} onHide={onHide} size="xl" aria-labelledby="chat-modal-title">
      <div ref={content}>
        {/* A focus guard (the usual focus-trap technique): never seen, it passes the focus on. */}
        {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
        <span tabIndex={0} className="chat-focus-guard" onFocus={toLast} />
        <Modal.Header closeButton>
          <Modal.Title id="chat-modal-title" as="h2" className="h5">
            Chat with {chatbotName}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="p-0">
          <ChatFrame onEscape={onHide} />
        </Modal.Body>
        {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
        <span tabIndex={0} className="chat-focus-guard" onFocus={toFirst} />
      </div>
    </Modal>
  );
}
