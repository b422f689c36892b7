/**
 * A gallery card that shows cover art on its front and text on its back. It is a
 * button, so a click, a tap, Enter or Space flips it; only the visible face is
 * exposed to assistive technology, and aria-pressed tells whether the back shows.
 */
import { showFallbackCover } from '@/lib/covers';
import { useId, useState, type ReactNode } from 'react';
import '@/entities/crate/ui/CoverGrid.css';
import './social.css';

/** Width and height given to cover images, so the layout does not jump while they load. */
const COVER_SIZE = 300;

export interface FlipCardProps {
  /** Cover image URL (front), shown while `cover` is null or absent. */
  coverart: string;
  /** Spincrate's own thumbnails of the cover (API.md "Covers served by Spincrate"), or null. */
  cover?: { small: string; large: string } | null;
  /** Album title: the cover's alt text, and the caption's first line. */
  title: string;
  /** The artist: the caption's second line, and the card's description. */
  artist: string;
  /** Content of the back face. */
  children: ReactNode;
}

/**
 * A flip card: cover art in front, `children` on the back, in a frame (so a white sleeve
 * stays visible on a white page), with the title and the artist under it like the crate's
 * cards (EXTENSIONS.md §11). The button's name stays the visible face's; the artist is its
 * description, so a screen reader hears each once.
 * @param props - cover, album title (alt text), artist and the back's content
 */
export function FlipCard({ coverart, cover, title, artist, children }: FlipCardProps) {
  const [flipped, setFlipped] = useState(false);
  const artistId = useId();
  return (
    <>
      <button
        type="button"
        className={`flip-card${flipped ? ' is-flipped' : ''}`}
        aria-pressed={flipped}
        aria-describedby={artistId}
        onClick={() => setFlipped((value) => !value)}
      >
        <span className="flip-card-inner">
          <span className="flip-card-face flip-card-front" aria-hidden={flipped}>
            <img
              src={cover?.small ?? coverart}
              srcSet={cover ? `${cover.small} 250w, ${cover.large} 500w` : undefined}
              sizes={cover ? `${COVER_SIZE}px` : undefined}
              alt={title}
              onError={showFallbackCover}
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
      <span className="cover-caption cover-caption-title" aria-hidden="true">
        {title}
      </span>
      <span className="cover-caption cover-caption-artist" id={artistId} aria-hidden="true">
        {artist}
      </span>
    </>
  );
}
