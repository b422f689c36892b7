/**
 * A gallery card that shows cover art on its front and text on its back. It is a
 * button, so a click, a tap, Enter or Space flips it; only the visible face is
 * exposed to assistive technology, and aria-pressed tells whether the back shows.
 */
import { useState, type ReactNode } from 'react';
import './social.css';

/** Width and height given to cover images, so the layout does not jump while they load. */
export const COVER_SIZE = 300;

export interface FlipCardProps {
  /** Cover image URL (front). */
  coverart: string;
  /** Album title: the cover's alt text. */
  title: string;
  /** Content of the back face. */
  children: ReactNode;
}

/**
 * A flip card: cover art in front, `children` on the back.
 * @param props - cover, album title (alt text) and the back's content
 */
export function FlipCard({ coverart, title, children }: FlipCardProps) {
  const [flipped, setFlipped] = useState(false);
  return (
    <button
      type="button"
      className={`flip-card${flipped ? ' is-flipped' : ''}`}
      aria-pressed={flipped}
      onClick={() => setFlipped((value) => !value)}
    >
      <span className="flip-card-inner">
        <span className="flip-card-face flip-card-front" aria-hidden={flipped}>
          <img
            src={coverart}
            alt={title}
            loading="lazy"
            width={COVER_SIZE}
            height={COVER_SIZE}
            className="flip-card-cover"
          />
        </span>
        <span className="flip-card-face flip-card-back" aria-hidden={!flipped}>
          {children}
        </span>
      </span>
    </button>
  );
}
