/**
 * Footer (PRODUCT.md §2 "Footer"): Info and About badges, the copyright line with the
 * version label, and a button named after the chat bot's persona that opens the chat
 * frame in a modal (closes on the overlay, the close button or Escape, also when the
 * focus is inside a same-origin chat frame).
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';

/** Version label (PRODUCT.md §9), used until the runtime configuration says otherwise. */
const VERSION_LABEL = 'v1.3.2';

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
          {/* Bootstrap's badge and button markup, written out: react-bootstrap's Badge and
              Button are not part of the first load (issue 11). */}
          <Link to={paths.info} className="badge rounded-pill bg-secondary footer-badge">
            Info
          </Link>
          <Link to={paths.about} className="badge rounded-pill bg-secondary footer-badge">
            About
          </Link>
        </nav>
        <p className="mb-0 small text-center">
          &copy; {new Date().getFullYear()} Spincrate &middot; {versionLabel(version)}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => {
            setChatUsed(true);
            setChatOpen(true);
          }}
        >
          {chatbotName}
        </button>
      </div>
      {chatUsed && (
        <Suspense fallback={null}>
          <ChatModal show={chatOpen} onHide={() => setChatOpen(false)} chatbotName={chatbotName} />
        </Suspense>
      )}
    </footer>
  );
}
