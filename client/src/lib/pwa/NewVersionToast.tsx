/**
 * "New version — reload" (EXTENSIONS.md §9): shown when a new version of the app has been
 * downloaded and waits (registerServiceWorker.ts). Reload activates it and reloads the page;
 * closing the toast leaves the running version until the next start. A status message:
 * announced politely, never taking the focus. Bootstrap's toast markup, not react-bootstrap's
 * `Toast`, which always makes itself an assertive `alert`.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import './newVersionToast.scss';

export interface NewVersionToastProps {
  /** Activates the waiting version and reloads the page (workbox-window's `updateSW(true)`). */
  onReload: () => Promise<void> | void;
}

/** The toast; it stays until the user reloads or closes it. */
export function NewVersionToast({ onReload }: NewVersionToastProps) {
  const [show, setShow] = useState(true);
  const [reloading, setReloading] = useState(false);
  if (!show) return null;
  return (
    <div className="toast show spincrate-new-version" role="status" aria-live="polite" aria-atomic="true">
      <div className="d-flex align-items-center gap-2 pe-2">
        <div className="toast-body me-auto">New version — reload</div>
        <Button
          size="sm"
          variant="primary"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            void Promise.resolve(onReload()).catch(() => setReloading(false));
          }}
        >
          Reload
        </Button>
        <CloseButton aria-label="Close" onClick={() => setShow(false)} />
      </div>
    </div>
  );
}

/**
 * Shows the toast in a root of its own at the end of the page's body (the app's tree and
 * store are not needed).
 * @param onReload - see {@link NewVersionToastProps.onReload}
 * @param doc - the page (default `document`)
 * @returns removes the toast
 */
export function showNewVersionToast(
  onReload: NewVersionToastProps['onReload'],
  doc: Document = document,
): () => void {
  const host = doc.createElement('div');
  doc.body.appendChild(host);
  const root = createRoot(host);
  root.render(<NewVersionToast onReload={onReload} />);
  return () => {
    root.unmount();
    host.remove();
  };
}
