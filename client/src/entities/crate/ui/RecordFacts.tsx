/**
 * The read-only facts of one record (PRODUCT.md §2 "Record details", EXTENSIONS.md §2, §5):
 * title, artist, how often it was played, year, mood, the collection details that are set,
 * details and tags. Shared by the own and a friend's record details and by the record of a
 * shared crate (EXTENSIONS.md §7), which show it beside the cover.
 */
import Badge from 'react-bootstrap/Badge';
import type { CrateRecord } from '@spincrate/contract';
import { formatLongDate } from '@/lib/dates';
import { countOf } from '@/lib/plural';

/**
 * How often a record was played (EXTENSIONS.md §2): "Played {n} times · last {MM/DD/YYYY}"
 * ("Played 1 time", EXTENSIONS.md §11),
 * or "Never played".
 */
function playedText(record: Pick<CrateRecord, 'play_count' | 'last_played'>): string {
  const count = record.play_count ?? 0;
  if (count === 0 || !record.last_played) return 'Never played';
  return `Played ${countOf(count, 'time')} · last ${formatLongDate(record.last_played)}`;
}

/**
 * The tags of a record: its `tags` field is a JSON-encoded array of strings.
 * Anything else gives no tags.
 */
export function parseTags(tags: string | null | undefined): string[] {
  if (!tags) return [];
  try {
    const value: unknown = JSON.parse(tags);
    return Array.isArray(value)
      ? value.filter((tag): tag is string => typeof tag === 'string' && tag !== '')
      : [];
  } catch {
    return [];
  }
}

/**
 * The collection details a record has set (EXTENSIONS.md §5), as `[name, value]` rows in
 * the form's order; a friend's record never has price, purchase or location (API.md).
 */
function collectionFacts(record: Omit<CrateRecord, 'user_id'>): Array<[string, string]> {
  const facts: Array<[string, string | null | undefined]> = [
    ['Rating', record.rating ? `${record.rating} of 5 stars` : null],
    ['Folder', record.folder],
    ['Location', record.location],
    ['Media condition', record.media_condition],
    ['Sleeve condition', record.sleeve_condition],
    ['Price', record.price ? `${record.price.amount} ${record.price.currency}` : null],
    ['Purchased on', record.purchased_on ? formatLongDate(record.purchased_on) : null],
    ['Purchased from', record.purchased_from],
    ['Label', record.label],
    ['Catalog number', record.catalog_number],
    ['Format', record.format],
  ];
  return facts.filter((fact): fact is [string, string] => Boolean(fact[1]));
}

/**
 * The facts of a record: its title as the screen's heading, then the rest as a list.
 * @param record - a Record (a friend's or a shared one has no price, purchase or location)
 */
export default function RecordFacts({ record }: { record: Omit<CrateRecord, 'user_id'> }) {
  const tags = parseTags(record.tags);
  return (
    <>
      <h1 className="text-break">{record.title}</h1>
      <p className="lead text-break">{record.artist}</p>
      <p>{playedText(record)}</p>
      <dl>
        {record.year ? (
          <>
            <dt>Year</dt>
            <dd>{record.year}</dd>
          </>
        ) : null}
        <dt>Mood</dt>
        <dd>{record.mood}</dd>
        {collectionFacts(record).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd className="text-break">
              {name === 'Rating' ? (
                <span role="img" aria-label={value}>
                  {'★'.repeat(record.rating ?? 0)}
                  {'☆'.repeat(5 - (record.rating ?? 0))}
                </span>
              ) : (
                value
              )}
            </dd>
          </div>
        ))}
        <dt>Details</dt>
        <dd className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
          {record.details || 'No details'}
        </dd>
        <dt>Tags</dt>
        <dd>
          {tags.length ? (
            <ul className="list-inline mb-0" aria-label="Tags">
              {tags.map((tag) => (
                <li key={tag} className="list-inline-item mb-1">
                  <Badge bg="secondary">{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            'No tags'
          )}
        </dd>
      </dl>
    </>
  );
}
