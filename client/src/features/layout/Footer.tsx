/**
 * Footer (PRODUCT.md §2 "Footer"): Info and About badges, the copyright line with the
 * version label, and a button named after the chat bot's persona that opens the chat
 * frame in a modal (closes on the overlay, the close button or Escape, also when the
 * focus is inside a same-origin chat frame).
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useAppSelector } from '@/lib/hooks';
import { paths } from '@/lib/paths';

/** Version label (PRODUCT.md §9), used until the runtime configuration says otherwise. */
export const VERSION_LABEL = 'v1.3.2';

/** "1.3.2" or "v1.3.2" → "v1.3.2". */
function versionLabel(version: string) {
  const text = version.trim() || VERSION_LABEL;
  return text.startsWith('v') ? text : `v${text}`;
}

// Loaded the first time the chat opens (issue 11: the modal is not part of the first load).
const ChatModal = lazy(() => import('./ChatModal'));

/** The app's footer with the chat-bot modal. */
export default function Footer() {
  const { chatbotName, version } = useAppSelector((state) => state.config);
  const [chatOpen, setChatOpen] = useState(false);
  // Mounted from the first opening on, so closing plays the modal's own transition.
  const [chatUsed, setChatUsed] = useState(false);

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
        <Button
          variant="primary"
          size="sm"
          onClick={() => {
            setChatUsed(true);
            setChatOpen(true);
          }}
        >
          {chatbotName}
        </Button>
      </div>
      {chatUsed && (
        <Suspense fallback={null}>
          <ChatModal show={chatOpen} onHide={() => setChatOpen(false)} chatbotName={chatbotName} />
        </Suspense>
      )}
    </footer>
  );
}
