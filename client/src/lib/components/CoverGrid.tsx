/**
 * A grid of record covers (PRODUCT.md §2 collection and friend collection): each cover
 * is a link to the record, with the album title as alt text. Built to stay quick with
 * thousands of records: memoised cells, lazy images with a fixed size (no layout jumps)
 * and off-screen cells skipped by the browser's layout.
 */
import { memo, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { CrateRecord } from '../types';

/** Columns per breakpoint (Bootstrap row-cols): extra-small, medium, large. */
export interface GridColumns {
  xs: number;
  sm?: number;
  md: number;
  lg: number;
}

/** Own collection: 1 (xs, sm) / 4 (md) / 6 (lg). */
export const OWN_COLLECTION_COLUMNS: GridColumns = { xs: 1, md: 4, lg: 6 };
/** Friend collection: 1 / 3 / 6. */
export const FRIEND_COLLECTION_COLUMNS: GridColumns = { xs: 1, md: 3, lg: 6 };

/** Pixel size given to every cover image (square), so the browser reserves the space before it loads. */
export const COVER_SIZE = 300;

const cellStyle: CSSProperties = { contentVisibility: 'auto', containIntrinsicSize: `auto ${COVER_SIZE}px` };
const imgStyle: CSSProperties = { aspectRatio: '1 / 1', objectFit: 'cover' };

interface CoverProps {
  record: CrateRecord;
  href: string;
}

const Cover = memo(function Cover({ record, href }: CoverProps) {
  return (
    <li className="col" style={cellStyle}>
      <Link to={href} className="d-block rounded">
        <img
          src={record.coverart}
          alt={record.title}
          loading="lazy"
          decoding="async"
          width={COVER_SIZE}
          height={COVER_SIZE}
          className="img-fluid w-100 h-auto rounded shadow-sm"
          style={imgStyle}
        />
      </Link>
    </li>
  );
});

/**
 * The cover grid.
 * @param records - the records, already sorted
 * @param hrefFor - the link of one record's cover
 * @param columns - columns per breakpoint
 * @param label - accessible name of the list
 */
export default function CoverGrid({
  records,
  hrefFor,
  columns,
  label,
}: {
  records: readonly CrateRecord[];
  hrefFor: (record: CrateRecord) => string;
  columns: GridColumns;
  label: string;
}) {
  const cols = [
    `row-cols-${columns.xs}`,
    columns.sm ? `row-cols-sm-${columns.sm}` : '',
    `row-cols-md-${columns.md}`,
    `row-cols-lg-${columns.lg}`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <ul className={`row ${cols} g-3 list-unstyled`} aria-label={label}>
      {records.map((record) => (
        <Cover key={record.id} record={record} href={hrefFor(record)} />
      ))}
    </ul>
  );
}
