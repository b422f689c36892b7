/**
 * The one-time "Add to Home Screen" hint on iOS Safari (EXTENSIONS.md §9; homeScreenHint.ts
 * decides when): a named region at the bottom of the screen, never taking the focus, closed
 * with **Got it**, its × or Escape; closing remembers it on this device. When the focus was in
 * it, the focus moves to the screen's content, not to the page's start.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import { homeScreenHintDue, rememberHomeScreenHint } from './homeScreenHint';
import './homeScreenHint.scss';

/** The hint's heading (its region's name). */
export const HOME_SCREEN_HINT_TITLE = 'Add Spincrate to your Home Screen';

/** The id of the element that holds the screens (App). */
const CONTENT_ID = 'content';

/**
 * The hint when it is due (decided once, when it is first rendered: iOS Safari, not from the
 * Home Screen, never dismissed here), else nothing; `onClose` runs once it was dismissed.
 */
export default function HomeScreenHint({ onClose }: { onClose?: () => void }) {
  const titleId = useId();
  const [shown, setShown] = useState(homeScreenHintDue);
  if (!shown) return null;
  const close = () => {
    const hadFocus = document.activeElement?.closest('.spincrate-home-screen-hint') !== null;
    rememberHomeScreenHint();
    setShown(false);
    if (hadFocus) document.getElementById(CONTENT_ID)?.focus();
    onClose?.();
  };
  // Escape on either button (the hint's only places for the focus).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  return (
    <section className="spincrate-home-screen-hint" aria-labelledby={titleId}>
      <div className="d-flex align-items-start gap-2">
        <h2 id={titleId} className="h6 mb-1 me-auto">
          {HOME_SCREEN_HINT_TITLE}
        </h2>
        <CloseButton aria-label="Close" onClick={close} onKeyDown={onKeyDown} />
      </div>
      <p className="mb-2 small">
        Tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>. Opened from there, Spincrate
        keeps your offline copy for the record shop; Safari may delete it after a week without a visit.
      </p>
      <Button size="sm" variant="primary" onClick={close} onKeyDown={onKeyDown}>
        Got it
      </Button>
    </section>
  );
}
