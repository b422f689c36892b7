/**
 * Import from Discogs, /user/import (API.md "Import from a Discogs collection export"):
 * choose the CSV of a Discogs collection export and a mood for every imported record,
 * then follow the import: counts, the rows that were not imported and why, and the
 * progress of the cover and tag look-ups (read every 1.5 s until done). Leaving the
 * screen and coming back shows the running import again, or the last one's summary once it
 * is done (EXTENSIONS.md §11); the Import button stays disabled while an import runs.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Container, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { fetchMood, selectMoods } from '@/entities/crate/crate';
import { FILL_FORM_TEXT, warnAttention } from '@/lib/alerts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import {
  clearImport,
  postImport,
  resumeImport,
  stopImportWatch,
  watchImport,
  type ImportProgress,
  selectCurrentImport,
  selectImportError,
  selectImportSending,
} from './imports.slice';
import { MAX_CSV_BYTES } from '@spincrate/contract';
import { countOf } from '@/lib/plural';

/** Largest file an import takes (API.md: csv ≤ 5 MB). */
export const MAX_IMPORT_BYTES = MAX_CSV_BYTES;
/** Shown instead of sending a file over MAX_IMPORT_BYTES. */
export const FILE_TOO_LARGE_TEXT = 'That file is too large: an import takes at most 5 MB.';

/**
 * Shown instead of the look-ups' progress while they wait for the music service (API.md Import
 * `lookups`: `waiting_for_service`; EXTENSIONS.md §11).
 */
export const WAITING_FOR_SERVICE_TEXT =
  'Covers and tags will be looked up once the music service can be reached.';

/** What the look-ups of an import have done so far. */
function progressText(result: ImportProgress): string {
  if (result.imported === 0) return 'No new records to look up.';
  if (result.status === 'done') {
    return `Covers and tags looked up for ${result.imported === 1 ? '1 record' : `all ${result.imported} records`}.`;
  }
  if (result.lookups === 'waiting_for_service') return WAITING_FOR_SERVICE_TEXT;
  return `Looking up covers and tags: ${result.enriched} of ${countOf(result.imported, 'record')}…`;
}

/**
 * The counts, the look-up progress and the rows that were not imported.
 * @param opened - the import was already done when the page was opened: its heading says it
 *   is the last import
 */
function ImportResult({ result, opened }: { result: ImportProgress; opened: boolean }) {
  const done = result.status === 'done';
  return (
    <section aria-labelledby="import-result-heading" className="mt-4">
      <h2 id="import-result-heading" className="h4">
        {done ? (opened ? 'Your last import' : 'Import done') : 'Import running'}
      </h2>
      {result.imported > 0 && (
        // Bootstrap 5.3's markup: the role on the track, the width on the bar.
        <div
          className="progress mb-2"
          role="progressbar"
          aria-label="Cover and tag look-ups"
          aria-valuenow={result.enriched}
          aria-valuemin={0}
          aria-valuemax={result.imported}
          aria-valuetext={`${result.enriched} of ${countOf(result.imported, 'record')} looked up`}
        >
          <div
            className={
              done ? 'progress-bar bg-success' : 'progress-bar progress-bar-striped progress-bar-animated'
            }
            style={{ width: `${Math.round((100 * result.enriched) / result.imported)}%` }}
          />
        </div>
      )}
      <p role="status" aria-live="polite">
        {progressText(result)}
      </p>
      <ul className="list-unstyled d-flex flex-wrap gap-3" aria-label="Import counts">
        <li>
          Imported: <strong>{result.imported}</strong>
        </li>
        <li>
          Already in your crate: <strong>{result.duplicates}</strong>
        </li>
        <li>
          Failed: <strong>{result.failed}</strong>
        </li>
      </ul>
      {result.errors.length > 0 && (
        <>
          <h3 className="h6">Rows not imported</h3>
          <ul className="list-group" aria-label="Rows not imported">
            {result.errors.map((error) => (
              <li key={error.row} className="list-group-item">
                Row {error.row}: {error.message}
              </li>
            ))}
          </ul>
          {result.failed > result.errors.length && (
            <p className="mt-2">
              …and {countOf(result.failed - result.errors.length, 'more row', 'more rows')} not imported.
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The import screen. */
export default function ImportPage() {
  const dispatch = useAppDispatch();
  const moods = useAppSelector(selectMoods);
  const current = useAppSelector(selectCurrentImport);
  const sending = useAppSelector(selectImportSending);
  const error = useAppSelector(selectImportError);
  const [file, setFile] = useState<File | null>(null);
  const [mood, setMood] = useState('');
  // True once this visit has sent a file or watched an import run: a done import shown
  // without either is the last one's summary (EXTENSIONS.md §11).
  const [followed, setFollowed] = useState(false);
  if (current?.status === 'enriching' && !followed) setFollowed(true);
  // EXTENSIONS.md §11: no second import while one is sent or its look-ups still run.
  const running = sending || current?.status === 'enriching';

  useEffect(() => {
    dispatch(fetchMood());
    dispatch(resumeImport());
    return () => {
      dispatch(stopImportWatch());
      dispatch(clearImport());
    };
  }, [dispatch]);

  // Follow a running import while the screen is open.
  const runningId = current?.status === 'enriching' ? current.id : undefined;
  useEffect(() => {
    if (runningId !== undefined) dispatch(watchImport(runningId));
  }, [dispatch, runningId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    if (!file || !mood) {
      void warnAttention(FILL_FORM_TEXT);
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      void warnAttention(FILE_TOO_LARGE_TEXT);
      return;
    }
    const csv = await file.text();
    setFollowed(true);
    dispatch(postImport({ csv, mood: Number(mood) }));
  };

  return (
    <Container className="py-4" style={{ maxWidth: 720 }}>
      <h1>Import from Discogs</h1>
      <p>
        On Discogs, export your collection as CSV (Collection → Export), then choose the file here. Every
        record gets the mood you pick; covers and tags are looked up afterwards, about one record a second.
      </p>
      {/* noValidate: the app's own "Attention!" warning replaces the browser's bubbles. */}
      <Form noValidate onSubmit={submit} className="d-flex flex-column gap-3">
        <Form.Group controlId="import-file">
          <Form.Label>Discogs collection export (CSV file)</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv"
            required
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
        </Form.Group>
        <Form.Group controlId="import-mood">
          <Form.Label>Mood for every imported record</Form.Label>
          <Form.Select value={mood} onChange={(e) => setMood(e.target.value)} required>
            <option value="">Select Record Mood</option>
            {moods.map((m) => (
              <option key={m.id} value={m.id}>
                {m.mood}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {error && (
          <Alert variant="danger" className="mb-0">
            {error}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={running}>
            {running ? 'Importing…' : 'Import'}
          </Button>
          <Link to={paths.profile} className="btn btn-outline-secondary">
            Back to crate
          </Link>
        </div>
      </Form>
      {current && <ImportResult result={current} opened={!followed} />}
    </Container>
  );
}
