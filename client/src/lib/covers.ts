/**
 * The smallest cover image that fills a card (EXTENSIONS.md §1 "Covers"): the services
 * serve each cover in several sizes under related URLs, so a grid offers the browser a
 * `srcset` and the card's width (`sizes`) and the browser picks the smallest that is sharp.
 * - Cover Art Archive: `…/front-250`, `…/front-500`, `…/front-1200` (or `…/front`);
 *   archive.org files `…_thumb250.jpg`, `…_thumb500.jpg`.
 * - Last.fm: `…/i/u/174s/<file>`, `…/i/u/300x300/<file>` (and larger).
 * Other URLs (the fallback cover, an uploaded link) are offered as they are.
 */

import { FALLBACK_COVER } from './fallbackCover';

export interface CoverSources {
  src: string;
  /** `url 250w, url 500w`, or undefined when the URL has no known sizes. */
  srcSet?: string;
}

const CAA = /^(https?:\/\/[^/]*coverartarchive\.org\/.+\/front)(?:-(?:250|500|1200))?$/i;
const ARCHIVE = /^(https?:\/\/[^/]*archive\.org\/.+_thumb)(?:250|500|1200)(\.jpg)$/i;
const LASTFM =
  /^(https?:\/\/[^/]*(?:last\.fm|lastfm\.freetls\.fastly\.net|lst\.fm)\/i\/u\/)(?:[0-9]+s|[0-9]+x[0-9]+)(\/.+)$/i;

/**
 * The image sources of a cover: Spincrate's own thumbnails when the record has them
 * (API.md "Covers served by Spincrate": no request to the image host), else the sizes of
 * the cover URL.
 * @param url - the record's `coverart`
 * @param cover - the record's `cover` (`{small, large}`, 250 and 500 px wide), or null/absent
 * @returns `src` (a mid size: 250 px, Last.fm 300 px) and, when there are sizes, `srcSet`
 */
export function coverSources(url: string, cover?: { small: string; large: string } | null): CoverSources {
  if (cover) return { src: cover.small, srcSet: `${cover.small} 250w, ${cover.large} 500w` };
  const caa = CAA.exec(url);
  if (caa) return { src: `${caa[1]}-250`, srcSet: `${caa[1]}-250 250w, ${caa[1]}-500 500w` };
  const archive = ARCHIVE.exec(url);
  if (archive) {
    const [, base, ext] = archive;
    return { src: `${base}250${ext}`, srcSet: `${base}250${ext} 250w, ${base}500${ext} 500w` };
  }
  const lastfm = LASTFM.exec(url);
  if (lastfm) {
    const [, base, file] = lastfm;
    return { src: `${base}300x300${file}`, srcSet: `${base}174s${file} 174w, ${base}300x300${file} 300w` };
  }
  return { src: url };
}

export { FALLBACK_COVER };

/**
 * An `<img onError>` handler: a cover that cannot be loaded (its host down, or offline and
 * never kept: EXTENSIONS.md §9) is replaced by the fallback cover, once, instead of the
 * browser's broken-image icon. Its `srcset` and `sizes` go too, since a `srcset` wins over `src`.
 */
export function showFallbackCover(event: { currentTarget: HTMLImageElement }): void {
  const img = event.currentTarget;
  if (img.getAttribute('src') === FALLBACK_COVER) return;
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.src = FALLBACK_COVER;
}
