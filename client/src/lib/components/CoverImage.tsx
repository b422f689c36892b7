/**
 * A cover image (API.md "Covers served by Spincrate"; EXTENSIONS.md §1 "Covers"): Spincrate's
 * own thumbnails (`cover`, WebP 250 and 500 px wide, offered as a `srcset` with `sizes`) once
 * the server has them, so the browser asks no image host; else the `coverart` URL (in its
 * known sizes), or the app's fallback cover; the fallback cover too when the image cannot be
 * loaded (e.g. offline, never kept: EXTENSIONS.md §9), unless `onError` is given. Used by the
 * grids, the wantlist, the add-spin picker, the barcode pressings, the blindbag and spin details.
 */
import type { ImgHTMLAttributes } from 'react';
import type { Cover } from '@spincrate/contract';
import { coverSources, FALLBACK_COVER, showFallbackCover } from '@/lib/covers';

export interface CoverImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  /** The record's or want's `coverart` (null/empty: the fallback cover). */
  coverart: string | null | undefined;
  /** Its `cover`, or null/absent until the server has the thumbnails. */
  cover?: Cover | null;
  /** The image's text alternative (required). */
  alt: string;
  /** Rendered width in CSS px (also the default `sizes`). */
  width: number;
  height: number;
  /** The rendered width for the browser's choice in `srcset` (default: `${width}px`). */
  sizes?: string;
}

/** An `<img>` of a cover: own thumbnails with `srcset` when there, else `coverart`. */
export default function CoverImage({
  coverart,
  cover,
  sizes,
  alt,
  onError = showFallbackCover,
  ...img
}: CoverImageProps) {
  const { src, srcSet } = coverSources(coverart || FALLBACK_COVER, cover);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${img.width}px`) : undefined}
      alt={alt}
      onError={onError}
      {...img}
    />
  );
}
