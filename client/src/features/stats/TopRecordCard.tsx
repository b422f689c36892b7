import { Link } from 'react-router';
import type { CrateRecord } from '@spincrate/contract';
import { coverSources, FALLBACK_COVER, showFallbackCover } from '@/lib/covers';
import { paths } from '@/lib/paths';
import type { RecordLinkState } from '@/entities/crate/crate';
import { countOf } from '@/lib/plural';

/** What a top record card shows of a record. */
export type TopRecord = Pick<CrateRecord, 'id' | 'title' | 'artist' | 'coverart' | 'cover'>;

/**
 * The card's rendered width for the browser's choice in the cover's `srcset`: the grid of
 * the top records has 2 columns on phones, 3 from 576 px, 5 from 992 px (`row-cols-*`).
 */
const CARD_SIZES = '(min-width: 992px) 20vw, (min-width: 576px) 33vw, 50vw';

/**
 * One record of a "top records" list (EXTENSIONS.md §3 the 10 most played, §10 the year's
 * top records): its cover, title, artist and plays, linking to the record's details.
 * The cover comes from Spincrate's own origin (`cover`, 250 and 500 px WebP) once the
 * server has it, else from `coverart` (API.md "Covers served by Spincrate"); an image that
 * cannot be loaded gives way to the fallback cover.
 * @param record - the record (`id`, `title`, `artist`, `coverart`: an image URL, `cover`:
 *   its own thumbnails or null)
 * @param plays - the plays shown under it (all time on Stats, that year in the review)
 * @param sizes - the card's rendered width, for the browser's choice of thumbnail (default:
 *   a cell of the top records' grid)
 */
export default function TopRecordCard({
  record,
  plays,
  sizes = CARD_SIZES,
}: {
  record: TopRecord;
  plays: number;
  sizes?: string;
}) {
  const { src, srcSet } = coverSources(record.coverart || FALLBACK_COVER, record.cover);
  return (
    <Link
      to={paths.recordDetails(record.id)}
      state={{ recordTitle: record.title } satisfies RecordLinkState}
      className="stats-top-record card h-100 text-reset"
    >
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        onError={showFallbackCover}
        alt=""
        width={300}
        height={300}
        loading="lazy"
        className="card-img-top h-auto"
        style={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
      />
      <span className="card-body p-2 d-flex flex-column">
        <span className="fw-bold text-truncate">{record.title}</span>
        <span className="text-truncate">{record.artist}</span>
        <span className="small text-body-secondary">{countOf(plays, 'play', 'plays')}</span>
      </span>
    </Link>
  );
}
