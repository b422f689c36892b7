/**
 * Footer (PRODUCT.md §2 "Footer"): Info and About badges, the copyright line with the
 * version label, and a button named after the chat bot's persona that opens the chat
 * frame in a modal (closes on the overlay, the close button or Escape, also when the
 * focus is inside a same-origin chat frame).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ChatFrame } from '@/lib/components/ChatFrame';
import { useAppSelector } from '@/lib/hooks';
import { paths } from '@/lib/paths';

/** Version label (PRODUCT.md §9), used until the runtime configuration says otherwise. */
export const VERSION_LABEL = 'v1.3.2';

/** "1.3.2" or "v1.3.2" → "v1.3.2". */
function versionLabel(version: string) {
  const text = version.trim() || VERSION_LABEL;
  return text.startsWith('v') ? text : `v${text}`;
}

/** The app's footer with the chat-bot modal. */
export default function Footer() {
  const { chatbotName, version } = useAppSelector((state) => state.config);
  const [chatOpen, setChatOpen] = useState(false);

  return (
    <footer className="spincrate-footer border-top bg-body-tertiary py-3 mt-4">
      <div className="container d-flex flex-column flex-md-row align-items-center justify-content-between gap-2">
        <nav aria-label="Footer" className="d-flex gap-2">
          <Badge as={Link} to={paths.info} bg="secondary" pill className="footer-badge">
            Info
          </Badge>
          <Badge as={Link} to={paths.about} bg="secondary" pill className="footer-badge">
            About
          </Badge>
        </nav>
        <p className="mb-0 small text-center">
          &copy; {new Date().getFullYear()} Spincrate &middot; {versionLabel(version)}
        </p>
        <Button variant="primary" size="sm" onClick={() => setChatOpen(true)}>
          {chatbotName}
        </Button>
      </div>
      <Modal show={chatOpen} onHide={() => setChatOpen(false)} size="xl" aria-labelledby="chat-modal-title">
        <Modal.Header closeButton>
          <Modal.Title id="chat-modal-title" as="h2" className="h5">
            Chat with {chatbotName}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="p-0">
          <ChatFrame onEscape={() => setChatOpen(false)} />
        </Modal.Body>
      </Modal>
    </footer>
  );
}
