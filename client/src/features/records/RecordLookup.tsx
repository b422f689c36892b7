/**
 * The record look-up of a barcode (EXTENSIONS.md §4, §6): the pressings found, each with a
 * **Choose this pressing** button, and the chosen pressing with what the crate and the
 * wantlist already hold of it ("Already in your crate", "You own another edition", "On your
 * wantlist" with **Got it**).
 */
import { useState, type Ref } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link } from 'react-router';
import type { Release } from '@spincrate/contract';
import type { RecordLinkState } from '@/entities/crate/crate';
import { paths } from '@/lib/paths';
import CoverImage from '@/lib/components/CoverImage';

/** "{label} · {catalog number} · {format} · {country}", leaving out what is unknown (EXTENSIONS.md §4). */
export function pressingDetails(release: Release): string {
  return [release.label, release.catalog_number, release.format, release.country]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
}

/**
 * "On your wantlist" with a **Got it** button (EXTENSIONS.md §6): Got it opens the want with
 * its Got it form (mood, condition, price…), which moves it into the crate.
 */
function OnWantlist({ wantId, title }: { wantId: number; title: string }) {
  return (
    <Alert variant="info" className="mb-0 d-flex flex-wrap gap-2 align-items-center">
      <strong>On your wantlist</strong>
      <Link
        className="btn btn-sm btn-primary"
        to={`${paths.wantDetails(wantId)}?got=1`}
        aria-label={`Got it: move ${title} from your wantlist into your crate`}
      >
        Got it
      </Link>
    </Alert>
  );
}

/** One pressing found: cover, title, artist, year, label, catalog number, country, format. */
function Pressing({ release, onPick }: { release: Release; onPick: (release: Release) => void }) {
  const [coverFailed, setCoverFailed] = useState(false);
  const facts = [release.year, release.label, release.catalog_number, release.country, release.format].filter(
    (part) => part !== null && part !== '',
  );
  return (
    <li className="d-flex gap-3 align-items-start border rounded p-2">
      {release.coverart && !coverFailed ? (
        <CoverImage
          coverart={release.coverart}
          alt={`Cover of ${release.title}`}
          width={72}
          height={72}
          className="rounded flex-shrink-0 pressing-cover"
          onError={() => setCoverFailed(true)}
        />
      ) : (
        <img
          src="/covers/fallback.svg"
          alt={`No cover for ${release.title}`}
          width={72}
          height={72}
          className="rounded flex-shrink-0 pressing-cover"
        />
      )}
      <div className="flex-grow-1 min-w-0">
        <p className="mb-1 fw-semibold text-break">
          {release.title} — {release.artist}
        </p>
        <p className="mb-2 small text-break">{facts.join(' · ')}</p>
        {release.owned.want_id !== null && (
          <div className="mb-2">
            <OnWantlist wantId={release.owned.want_id} title={release.title} />
          </div>
        )}
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => onPick(release)}
          aria-label={`Choose ${[release.title, pressingDetails(release), release.year].filter(Boolean).join(', ')}`}
        >
          Choose this pressing
        </Button>
      </div>
    </li>
  );
}

/**
 * The pressings found for a barcode (EXTENSIONS.md §4).
 * @param code - the digits looked up
 * @param onPick - called with the pressing chosen
 */
export function PressingList({
  code,
  releases,
  onPick,
}: {
  code: string | null;
  releases: Release[];
  onPick: (release: Release) => void;
}) {
  return (
    <>
      <h2 className="h5" id="pressings-heading">
        Pressings found for {code}
      </h2>
      <ul className="list-unstyled d-flex flex-column gap-2 mb-0" aria-labelledby="pressings-heading">
        {releases.map((release) => (
          <Pressing key={release.mb_release_id} release={release} onPick={onPick} />
        ))}
      </ul>
    </>
  );
}

/**
 * The chosen pressing: its details, **Choose another pressing**, and the warnings, which name
 * the user's records as the look-up gave them (`owned.records`).
 * @param onUnpick - called by **Choose another pressing**
 * @param ref - the element that takes the focus when a pressing is chosen
 */
export function ChosenPressing({
  picked,
  onUnpick,
  ref,
}: {
  picked: Release;
  onUnpick: () => void;
  ref: Ref<HTMLDivElement>;
}) {
  const recordName = (id: number) => {
    const record = picked.owned.records.find((r) => r.id === id);
    return record ? `${record.title} — ${record.artist}` : `Record ${id}`;
  };
  return (
    <div ref={ref} tabIndex={-1} className="d-flex flex-column gap-2">
      <p className="mb-0">
        Chosen pressing: {picked.title} — {picked.artist}
        {pressingDetails(picked) ? ` (${pressingDetails(picked)})` : ''}.{' '}
        <Button variant="link" className="p-0 align-baseline" onClick={onUnpick}>
          Choose another pressing
        </Button>
      </p>
      {picked.owned.want_id !== null && <OnWantlist wantId={picked.owned.want_id} title={picked.title} />}
      {picked.owned.record_id !== null && (
        <Alert variant="warning" className="mb-0">
          <strong>Already in your crate</strong>{' '}
          {/* Bootstrap's alert link: the alert's own dark text colour, over 4.5:1 in both
              themes (a plain link is 4.06:1 on the warning's yellow). */}
          <Link
            className="alert-link"
            to={paths.recordDetails(picked.owned.record_id)}
            state={{ recordTitle: picked.title } satisfies RecordLinkState}
          >
            {recordName(picked.owned.record_id)}
          </Link>
        </Alert>
      )}
      {picked.owned.other_editions.length > 0 && (
        <Alert variant="warning" className="mb-0">
          <strong>You own another edition:</strong>
          <ul className="mb-0">
            {picked.owned.other_editions.map((id) => (
              <li key={id}>
                <Link
                  className="alert-link"
                  to={paths.recordDetails(id)}
                  state={{ recordTitle: picked.title } satisfies RecordLinkState}
                >
                  {recordName(id)}
                </Link>
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}
