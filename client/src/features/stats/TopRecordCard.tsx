import { Link } from 'react-router';
import { showFallbackCover } from '@/lib/covers';
import { paths } from '@/lib/paths';
import type { RecordLinkState } from '@/entities/crate/crate';
import { countOf } from '@/lib/plural';

/**
 * One record of a "top records" list (EXTENSIONS.md §3 the 10 most played, §10 the year's
 * top records): its cover, title, artist and plays, linking to the record's details.
 * @param record - the record (`id`, `title`, `artist`, `coverart`: an image URL)
 * @param plays - the plays shown under it (all time on Stats, that year in the review)
 */
export default function TopRecordCard({
  record,
  plays,
}: {
  record: { id: number; title: string; artist: string; coverart: string };
  plays: number;
}) {
  return (
    <Link
      to={paths.recordDetails(record.id)}
      state={{ recordTitle: record.title } satisfies RecordLinkState}
      className="stats-top-record card h-100 text-reset"
    >
      <img
        src={record.coverart}
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
