/**
 * The chat-bot modal of the footer (PRODUCT.md §2 "Footer"): the chat frame, closing on the
 * overlay, the close button or Escape (also when the focus is inside a same-origin chat
 * frame). Its own module, loaded the first time the chat opens, so Bootstrap's modal stays
 * out of the first load (issue 11).
 */
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

/** The modal holding the chat frame. */
export default function ChatModal({ show, onHide, chatbotName }: ChatModalProps) {
  return (
    <Modal show={show} onHide={onHide} size="xl" aria-labelledby="chat-modal-title">
      <Modal.Header closeButton>
        <Modal.Title id="chat-modal-title" as="h2" className="h5">
          Chat with {chatbotName}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0">
        <ChatFrame onEscape={onHide} />
      </Modal.Body>
    </Modal>
  );
}
