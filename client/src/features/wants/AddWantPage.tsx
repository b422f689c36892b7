/**
 * Add a want, /wants/add (EXTENSIONS.md §6): a form like add record, without a mood: artist,
 * title, year, barcode, priority, max price and notes. Above it, the barcode entry of
 * /user/add ("Scan barcode" with the camera or a photo, or "Type the digits" and "Look up";
 * lib/barcode) lists the pressings found (API.md "Adding by barcode"); picking one fills
 * artist, title, year and barcode, and keeps the release, so the want gets that release's
 * cover and release group. After the server has stored the want the app goes back to the
 * wantlist; on failure the form stays filled in. EXTENSIONS.md §9: `?outbox={clientId}` (the
 * wantlist's "Edit and add it again") starts the form with a want the server refused in the
 * outbox, says why it was refused, and the want added replaces it there
 * (lib/offline/outboxEdit.ts).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Container } from 'react-bootstrap';
import type { Release } from '@spincrate/contract';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import BarcodeEntry, { LookupStatus } from '@/lib/barcode/BarcodeEntry';
import type { OutboxItem } from '@/lib/offline/db';
import { useFailedOutboxItem } from '@/lib/offline/outboxEdit';
import { ScansFromToday, ShopAnswerFromCopy } from '@/lib/offline/ShopAnswer';
import { selectShopAnswer } from '@/lib/offline/state';
import { lookupWantBarcode, postWant } from './wants.actions';
import {
  clearWantBarcode,
  resetWantSave,
  selectWantBarcode,
  selectWantSaveError,
  selectWantSaveStatus,
} from './wants.slice';
import { emptyWantForm, wantBodyOf, wantFormOfBody, WantForm, type WantFormValues } from './WantParts';

/** The add a want screen. */
export default function AddWantPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useAppSelector(selectWantSaveStatus);
  const saveError = useAppSelector(selectWantSaveError);
  const [values, setValues] = useState<WantFormValues>(emptyWantForm);
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const barcode = useAppSelector(selectWantBarcode);
  const [picked, setPicked] = useState<Release | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  // Without the server the offline copy answers the barcode (EXTENSIONS.md §9 "At the record shop").
  const fromCopy = useAppSelector((state) => selectShopAnswer(state, barcode.code)) !== null;
  const copyAnswers = fromCopy && barcode.status !== 'succeeded';

  // A want the server refused in the outbox, added again: the form starts with its values (once).
  const retry = useFailedOutboxItem('want');
  const [retrying, setRetrying] = useState<OutboxItem | null>(null);
  if (retry.item && retrying?.clientId !== retry.item.clientId) {
    setRetrying(retry.item);
    setValues(wantFormOfBody(retry.item.body));
  }
  // The refused want's pressing, kept while its barcode is still the one in the form.
  const retryRelease =
    retrying && typeof retrying.body.mb_release_id === 'string'
      ? { mb_release_id: retrying.body.mb_release_id, barcode: String(retrying.body.barcode ?? '') }
      : null;

  useEffect(() => {
    dispatch(resetWantSave());
    return () => {
      dispatch(clearWantBarcode());
    };
  }, [dispatch]);

  // The answer of a look-up takes the focus, so that keyboard and screen reader users land on it.
  useEffect(() => {
    if (barcode.status === 'succeeded' || barcode.status === 'failed' || copyAnswers)
      resultsRef.current?.focus();
  }, [barcode.status, barcode.code, copyAnswers]);

  const lookUp = (code: string) => {
    setPicked(null);
    dispatch(lookupWantBarcode(code));
  };

  const pick = (release: Release) => {
    setPicked(release);
    setValues({
      ...values,
      artist: release.artist,
      title: release.title,
      year: release.year === null ? '' : String(release.year),
      barcode: barcode.code ?? values.barcode,
    });
  };

  useEffect(() => {
    if (submitted && save === 'succeeded') navigate(paths.wants);
  }, [submitted, save, navigate]);

  const busy = submitted && save === 'loading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = wantBodyOf(values);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    setSubmitted(true);
    const { body } = parsed;
    const release =
      picked && body.barcode === barcode.code
        ? picked
        : !picked && retryRelease && body.barcode === retryRelease.barcode
          ? retryRelease
          : null;
    dispatch(
      postWant(
        {
          artist: body.artist,
          title: body.title,
          priority: body.priority,
          ...(body.year === null ? {} : { year: body.year }),
          ...(body.barcode === null ? {} : { barcode: body.barcode }),
          ...(body.max_price === null ? {} : { max_price: body.max_price }),
          ...(body.notes === null ? {} : { notes: body.notes }),
          // The picked pressing, while its barcode is still the one in the form.
          ...(release ? { mb_release_id: release.mb_release_id } : {}),
        },
        retrying?.clientId,
      ),
    );
  };

  const message = problem ?? (submitted && save === 'failed' ? saveError : null);

  return (
    <Container className="py-4" style={{ maxWidth: 640 }}>
      <h1>Add a want</h1>
      {retrying && (
        <p className="alert alert-warning" role="status">
          Not sent: {retrying.error}. Change what needs changing, then add it again.
        </p>
      )}
      {message && (
        <Alert variant="danger" role="alert">
          {message}
        </Alert>
      )}
      <section aria-labelledby="want-barcode-heading" className="mb-4 d-flex flex-column gap-2">
        <h2 id="want-barcode-heading" className="h5">
          Find it by barcode
        </h2>
        <BarcodeEntry
          idPrefix="want-barcode"
          lookingUp={barcode.status === 'loading' && !copyAnswers}
          onLookUp={lookUp}
        />
        <div ref={resultsRef} tabIndex={-1} aria-live="polite">
          {copyAnswers ? <ShopAnswerFromCopy code={barcode.code} /> : <LookupStatus lookup={barcode} />}
          {barcode.status === 'succeeded' && barcode.releases.length > 0 && (
            <ul
              className="list-unstyled d-flex flex-column gap-2 mb-0"
              aria-label={`Pressings found for ${barcode.code}`}
            >
              {barcode.releases.map((release) => (
                <li key={release.mb_release_id} className="border rounded p-2">
                  <p className="mb-1 fw-semibold text-break">
                    {release.title} — {release.artist}
                  </p>
                  <p className="mb-2 small text-break">
                    {[release.year, release.label, release.catalog_number, release.country, release.format]
                      .filter((part) => part !== null && part !== '')
                      .join(' · ')}
                  </p>
                  {picked?.mb_release_id === release.mb_release_id ? (
                    <p className="mb-0 small" role="status">
                      Chosen
                    </p>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      onClick={() => pick(release)}
                      aria-label={`Choose ${[release.title, release.label, release.catalog_number, release.year].filter(Boolean).join(', ')}`}
                    >
                      Choose this pressing
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <ScansFromToday idPrefix="want-barcode" />
      </section>
      <WantForm values={values} onChange={setValues} onSubmit={submit} idPrefix="add-want">
        <Button type="submit" variant="primary" disabled={busy}>
          ADD WANT
        </Button>
        <Link to={paths.wants} className="btn btn-outline-secondary">
          Back to wantlist
        </Link>
      </WantForm>
    </Container>
  );
}
