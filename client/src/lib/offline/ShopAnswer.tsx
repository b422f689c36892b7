/**
 * The barcode screens' answers from the offline copy (EXTENSIONS.md §9 "At the record shop"):
 * "In your crate" (a link to the record), "On your wantlist", "You own another edition", or
 * "Not in your crate (checked against {n} records synced {time})"; a code the copy knows nothing
 * about is said to be kept for later. Below, the scans kept while offline: "{n} scans from today"
 * with what each look-up found once the server answered. No IndexedDB code here: the sagas put
 * what these show.
 */
import { useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import type { ScanItem } from './db';
import { formatSyncedAt } from './format';
import { lookUpScans, selectScans, selectShopAnswer, type ShopAnswerShown } from './state';

/**
 * The copy's answer to `code`, or nothing when the copy did not answer it: one of the four
 * answers of EXTENSIONS.md §9 — "In your crate", "On your wantlist" (with "You own another
 * edition" when the wanted pressing's album is owned in another), or "Not in your crate (…)"
 * when the copy knows nothing of the code.
 */
export function ShopAnswerFromCopy({ code }: { code: string | null }) {
  const shop = useAppSelector((state) => selectShopAnswer(state, code));
  if (!shop) return null;
  return <ShopAnswerView shop={shop} />;
}

function ShopAnswerView({ shop }: { shop: ShopAnswerShown }) {
  const { record, want, otherEditions } = shop.answer;
  const synced = formatSyncedAt(shop.syncedAt);
  return (
    <div role="status" className="d-flex flex-column gap-2">
      <p className="mb-0">
        <span className="badge rounded-pill text-bg-secondary fw-normal fs-6">
          Offline copy · synced {synced}
        </span>
      </p>
      {record ? (
        <Alert variant="success" className="mb-0">
          <strong>In your crate</strong>{' '}
          <Link className="alert-link" to={paths.recordDetails(record.id)}>
            {record.title} — {record.artist}
          </Link>
        </Alert>
      ) : (
        !want &&
        otherEditions.length === 0 && (
          <Alert variant="info" className="mb-0">
            Not in your crate (checked against {shop.records} records synced {synced})
          </Alert>
        )
      )}
      {want && (
        <Alert variant="info" className="mb-0">
          <strong>On your wantlist</strong>{' '}
          <Link className="alert-link" to={paths.wantDetails(want.id)}>
            {want.title} — {want.artist}
          </Link>
        </Alert>
      )}
      {otherEditions.length > 0 && (
        <Alert variant="warning" className="mb-0">
          <strong>You own another edition</strong>
          <ul className="mb-0">
            {otherEditions.map((r) => (
              <li key={r.id}>
                <Link className="alert-link" to={paths.recordDetails(r.id)}>
                  {r.title} — {r.artist}
                </Link>
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {shop.queued && (
        <p className="mb-0">Kept in your scans: it is looked up when the connection is back.</p>
      )}
    </div>
  );
}

/** What a kept scan says. */
function scanResult(item: ScanItem): string {
  if (item.status === 'waiting') return 'Waiting for the connection';
  if (item.status === 'none') return 'No pressing found';
  const owned =
    item.owned === 'crate'
      ? ' · In your crate'
      : item.owned === 'wantlist'
        ? ' · On your wantlist'
        : item.owned === 'other-edition'
          ? ' · You own another edition'
          : '';
  return `${item.found ?? ''}${owned}`;
}

/** Whether an ISO time is today in the browser's time zone. */
function isToday(iso: string, now: Date): boolean {
  const at = new Date(iso);
  return (
    at.getFullYear() === now.getFullYear() &&
    at.getMonth() === now.getMonth() &&
    at.getDate() === now.getDate()
  );
}

/**
 * "{n} scans from today" and each with its result; nothing when none was kept today. Opening it
 * looks up the scans still waiting (LOOK_UP_SCANS).
 */
export function ScansFromToday({ idPrefix }: { idPrefix: string }) {
  const dispatch = useAppDispatch();
  const scans = useAppSelector(selectScans);
  useEffect(() => {
    dispatch(lookUpScans());
  }, [dispatch]);
  const now = new Date();
  const today = scans.filter((item) => isToday(item.scannedAt, now));
  if (today.length === 0) return null;
  const heading = `${idPrefix}-scans-heading`;
  return (
    <section aria-labelledby={heading}>
      <h3 id={heading} className="h5">
        {today.length === 1 ? '1 scan from today' : `${today.length} scans from today`}
      </h3>
      <ul className="list-group" aria-labelledby={heading}>
        {today.map((item) => (
          <li key={item.code} className="list-group-item d-flex flex-wrap gap-2 justify-content-between">
            <span className="font-monospace">{item.code}</span>
            <span role="status" className="text-break">
              {scanResult(item)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
