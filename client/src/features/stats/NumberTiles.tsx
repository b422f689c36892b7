import type { ReactNode } from 'react';

/**
 * The big numbers of the stats screens as tiles of a description list (EXTENSIONS.md §3
 * totals, §10 the year in numbers): each label with its value as text.
 * @param label - the section's accessible name
 * @param items - `[label, value]` pairs, in reading order
 * @param className - extra classes of the list (e.g. the year in review's grid)
 */
export default function NumberTiles({
  label,
  items,
  className,
}: {
  label: string;
  items: Array<[string, ReactNode]>;
  className?: string;
}) {
  return (
    <section aria-label={label}>
      <dl className={className ? `stats-totals ${className}` : 'stats-totals'}>
        {items.map(([name, value]) => (
          <div key={name} className="card text-center p-2">
            <dt className="small fw-normal text-body-secondary">{name}</dt>
            <dd className="fs-4 fw-bold mb-0">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
