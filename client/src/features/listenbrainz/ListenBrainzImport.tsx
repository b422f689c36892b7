/**
 * "Import from ListenBrainz" on the ListenBrainz settings (EXTENSIONS.md §8; API.md
 * "ListenBrainz": Import back): choose a start date, see the preview grouped by source with a
 * checkbox per source — streaming plays are not vinyl spins, so only sources that name a
 * turntable or vinyl are ticked at first — then **Add {n} spins**.
 */
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import type { ListenBrainzImportPreview } from '@spincrate/contract';
import { errorStatus, retryAfterSeconds } from '@/lib/api';
import { confirmListenBrainzImport, previewListenBrainzImport } from './listenbrainz.api';

/** A source whose name says it plays records: ticked by default. */
const VINYL_SOURCE = /turntable|vinyl|record player/i;
/** The spins listed under each source before "and {n} more". */
const SPINS_SHOWN_PER_SOURCE = 10;

/** "1 spin", "2 spins". */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What went wrong with a call, for people. */
function failureText(err: unknown): string {
  const status = errorStatus(err);
  // Connected (this part is shown only then), so the token was refused: revoked or changed.
  if (status === 409)
    return 'ListenBrainz no longer accepts your token. Disconnect, then connect with a new token.';
  if (status === 400) return 'Choose a start date that is not in the future.';
  if (status === 503) {
    const seconds = retryAfterSeconds(err);
    return `ListenBrainz cannot be reached right now.${seconds ? ` Try again in ${Math.ceil(seconds)} s.` : ' Try again shortly.'}`;
  }
  return 'Something went wrong. Try again.';
}

/** The sources ticked at first: those that name a turntable or vinyl and make spins. */
function defaultSources(preview: ListenBrainzImportPreview): Set<string> {
  return new Set(
    preview.sources.filter((s) => s.spins > 0 && VINYL_SOURCE.test(s.source)).map((s) => s.source),
  );
}

/** The import part of the ListenBrainz settings, shown while connected. */
export default function ListenBrainzImport() {
  const [since, setSince] = useState('');
  const [preview, setPreview] = useState<{ since: string; data: ListenBrainzImportPreview } | undefined>();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<string | undefined>();
  const sinceId = useId();
  const sinceHelpId = useId();
  const headingId = useId();

  const showPreview = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      const data = await previewListenBrainzImport(since || undefined);
      setPreview({ since, data });
      setChosen(defaultSources(data));
    } catch (err) {
      setPreview(undefined);
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (source: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(source);
    else next.delete(source);
    setChosen(next);
  };

  const spinsChosen = preview
    ? preview.data.sources.filter((s) => chosen.has(s.source)).reduce((sum, s) => sum + s.spins, 0)
    : 0;

  const confirm = async () => {
    if (!preview || spinsChosen === 0) return;
    setBusy(true);
    setError(undefined);
    try {
      const added = await confirmListenBrainzImport(preview.since || undefined, [...chosen]);
      setPreview(undefined);
      setResult(
        added === 0
          ? 'No spins added: these listens were imported before.'
          : `Added ${count(added, 'spin', 'spins')} from ListenBrainz.`,
      );
    } catch (err) {
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  const today = new Date().toISOString().slice(0, 10);

  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h2 id={headingId} className="h4">
        Import from ListenBrainz
      </h2>
      <p>Bring listens you made elsewhere back as spins of the records in your crate.</p>
      <Form onSubmit={(e) => void showPreview(e)} className="mb-3">
        <Form.Group className="mb-2" style={{ maxWidth: 240 }}>
          <Form.Label htmlFor={sinceId}>Start date</Form.Label>
          <Form.Control
            id={sinceId}
            type="date"
            value={since}
            min="1900-01-01"
            max={today}
            aria-describedby={sinceHelpId}
            onChange={(e) => setSince(e.target.value)}
          />
          <Form.Text id={sinceHelpId}>Leave it empty to look at every listen.</Form.Text>
        </Form.Group>
        <Button type="submit" variant="outline-primary" disabled={busy}>
          Preview
        </Button>
      </Form>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {result && (
        <Alert variant="success" role="status">
          {result}
        </Alert>
      )}
      {preview &&
        (preview.data.sources.length === 0 ? (
          <p role="status">No listens to import.</p>
        ) : (
          <>
            <fieldset>
              <legend className="h6">Sources</legend>
              <p className="small text-body-secondary">
                Streaming plays are not vinyl spins: only sources that name a turntable or vinyl are ticked.
              </p>
              {preview.data.sources.map((source, index) => {
                const spins = preview.data.spins.filter((s) => s.source === source.source);
                const checkId = `lb-import-source-${index}`;
                return (
                  <div key={source.source} className="mb-3">
                    <Form.Check
                      id={checkId}
                      type="checkbox"
                      label={`${source.source}: ${count(source.spins, 'spin', 'spins')} from ${count(source.listens, 'listen', 'listens')}`}
                      checked={chosen.has(source.source)}
                      disabled={busy || source.spins === 0}
                      onChange={(e) => toggle(source.source, e.target.checked)}
                    />
                    {spins.length > 0 && (
                      <ul className="small mb-0 ms-4 ps-2" aria-label={`Spins from ${source.source}`}>
                        {spins.slice(0, SPINS_SHOWN_PER_SOURCE).map((spin, i) => (
                          <li
                            key={`${spin.record_id}-${spin.listened_at}-${i}`}
                            style={{ overflowWrap: 'anywhere' }}
                          >
                            {spin.listened_at} · {spin.artist} – {spin.title} ·{' '}
                            {count(spin.listens, 'listen', 'listens')}
                          </li>
                        ))}
                        {spins.length > SPINS_SHOWN_PER_SOURCE && (
                          <li>and {spins.length - SPINS_SHOWN_PER_SOURCE} more</li>
                        )}
                      </ul>
                    )}
                  </div>
                );
              })}
            </fieldset>
            <Button disabled={busy || spinsChosen === 0} onClick={() => void confirm()}>
              {spinsChosen === 1 ? 'Add 1 spin' : `Add ${spinsChosen} spins`}
            </Button>
          </>
        ))}
    </section>
  );
}
