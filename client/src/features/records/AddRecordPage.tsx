/**
 * Add to crate, /user/add (PRODUCT.md §2 "Add to crate", §5 add record): artist, title
 * and mood required. After the server has stored the record the success notice shows
 * and the app goes back to the collection; on failure the form stays filled in.
 *
 * Above the form, "Scan barcode" (EXTENSIONS.md §4): the camera or a photo (the scanner
 * is loaded only when opened) or typed digits; the pressings found are listed, and
 * picking one fills the form and keeps its barcode and release for the add. Warnings
 * say when the pressing, or another edition of it, is already in the crate, and "On your
 * wantlist" with a **Got it** button when the pressing is wanted (EXTENSIONS.md §6).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Container } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import type { Release } from '@spincrate/contract';
import { clearBarcode, lookupBarcode, postRecord } from './records.actions';
import { fetchMood, type RecordLinkState } from '@/entities/crate/crate';
import { FILL_FORM_TEXT, warnAttention } from '@/lib/alerts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectRecordSaveStatus } from './records.slice';
import { paths } from '@/lib/paths';
import CoverImage from '@/lib/components/CoverImage';
import BarcodeEntry, { LookupStatus } from '@/lib/barcode/BarcodeEntry';
import { ScansFromToday, ShopAnswerFromCopy } from '@/lib/offline/ShopAnswer';
import { selectShopAnswer } from '@/lib/offline/state';
import RecordForm, { emptyRecordForm, parseYear, type RecordFormValues } from './RecordForm';
import { collectionBody, rememberCurrency, setFieldsOf } from './CollectionDetailsFields';

/** "{label} · {catalog number} · {format} · {country}", leaving out what is unknown (EXTENSIONS.md §4). */
function pressingDetails(release: Release): string {
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

/** The add record screen. */
export default function AddRecordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useAppSelector(selectRecordSaveStatus);
  const barcode = useAppSelector((state) => state.barcode);
  // Without the server the offline copy answers the barcode (EXTENSIONS.md §9 "At the record shop").
  const fromCopy = useAppSelector((state) => selectShopAnswer(state, barcode.code)) !== null;
  const copyAnswers = fromCopy && barcode.status !== 'succeeded';
  const [values, setValues] = useState<RecordFormValues>(emptyRecordForm);
  const [submitted, setSubmitted] = useState(false);
  const [picked, setPicked] = useState<Release | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const pickedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dispatch(fetchMood());
    return () => {
      dispatch(clearBarcode());
    };
  }, [dispatch]);

  useEffect(() => {
    if (submitted && save === 'succeeded') navigate(paths.profile);
  }, [submitted, save, navigate]);

  // The answer of a look-up takes the focus, so that keyboard and screen reader users land on it.
  useEffect(() => {
    if (barcode.status === 'succeeded' || barcode.status === 'failed' || copyAnswers)
      resultsRef.current?.focus();
  }, [barcode.status, barcode.code, copyAnswers]);

  useEffect(() => {
    if (picked) pickedRef.current?.focus();
  }, [picked]);

  const busy = submitted && save === 'loading';

  const lookUp = (code: string) => {
    setPicked(null);
    dispatch(lookupBarcode(code));
  };

  const pick = (release: Release) => {
    setPicked(release);
    setValues({
      ...values,
      artist: release.artist,
      title: release.title,
      year: release.year === null ? '' : String(release.year),
      details: pressingDetails(release),
    });
  };

  // The warnings name the user's records as the look-up gave them (`owned.records`).
  const recordName = (id: number) => {
    const record = picked?.owned.records.find((r) => r.id === id);
    return record ? `${record.title} — ${record.artist}` : `Record ${id}`;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const artist = values.artist.trim();
    const title = values.title.trim();
    const year = parseYear(values.year);
    const collection = collectionBody(values.collection);
    if (!artist || !title || !values.mood || year === undefined || !collection) {
      void warnAttention(FILL_FORM_TEXT);
      return;
    }
    if (collection.price) rememberCurrency(collection.price.currency);
    // The barcode goes with the add when a pressing was picked, or when none was found for it.
    const nothingFound = barcode.status === 'succeeded' && barcode.releases.length === 0;
    const fromBarcode =
      barcode.code && (picked || nothingFound)
        ? { barcode: barcode.code, ...(picked ? { mb_release_id: picked.mb_release_id } : {}) }
        : {};
    setSubmitted(true);
    dispatch(
      postRecord({
        artist,
        title,
        mood: Number(values.mood),
        details: values.details.trim(),
        ...(year === null ? {} : { year }),
        ...fromBarcode,
        ...setFieldsOf(collection),
      }),
    );
  };

  return (
    <Container className="py-4" style={{ maxWidth: 640 }}>
      <h1>Add to crate</h1>
      <section aria-labelledby="barcode-heading" className="mb-4 d-flex flex-column gap-3">
        <h2 id="barcode-heading" className="visually-hidden">
          Add by barcode
        </h2>
        <BarcodeEntry
          idPrefix="barcode"
          lookingUp={barcode.status === 'loading' && !copyAnswers}
          onLookUp={lookUp}
        />
        <div ref={resultsRef} tabIndex={-1} aria-live="polite" className="barcode-results">
          {copyAnswers ? <ShopAnswerFromCopy code={barcode.code} /> : <LookupStatus lookup={barcode} />}
          {barcode.status === 'succeeded' && barcode.releases.length > 0 && !picked && (
            <>
              <h2 className="h5" id="pressings-heading">
                Pressings found for {barcode.code}
              </h2>
              <ul className="list-unstyled d-flex flex-column gap-2 mb-0" aria-labelledby="pressings-heading">
                {barcode.releases.map((release) => (
                  <Pressing key={release.mb_release_id} release={release} onPick={pick} />
                ))}
              </ul>
            </>
          )}
        </div>
        {picked && (
          <div ref={pickedRef} tabIndex={-1} className="d-flex flex-column gap-2">
            <p className="mb-0">
              Chosen pressing: {picked.title} — {picked.artist}
              {pressingDetails(picked) ? ` (${pressingDetails(picked)})` : ''}.{' '}
              <Button variant="link" className="p-0 align-baseline" onClick={() => setPicked(null)}>
                Choose another pressing
              </Button>
            </p>
            {picked.owned.want_id !== null && (
              <OnWantlist wantId={picked.owned.want_id} title={picked.title} />
            )}
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
        )}
        <ScansFromToday idPrefix="barcode" />
      </section>
      <RecordForm values={values} onChange={setValues} onSubmit={submit} detailsRequired={false}>
        <Button type="submit" variant="primary" disabled={busy}>
          ADD RECORD
        </Button>
        <Link to={paths.profile} className="btn btn-outline-secondary">
          Back to Home
        </Link>
      </RecordForm>
    </Container>
  );
}
