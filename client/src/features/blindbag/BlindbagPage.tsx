/**
 * The blindbag, /blindbag (PRODUCT.md §2 "Blindbag", §4): a spinning record icon draws
 * a random record from the crate; then its cover (click to draw again) and
 * "{title} by {artist}". The filter text is sent with each draw. Leaving the page
 * clears the drawn record and the filter. EXTENSIONS.md §2: a "Not played in" select
 * beside the filter (sent as `unplayedDays`), and a Spin it button under the drawn record.
 */
import OfflineChip from '@/lib/components/OfflineChip';
import FolderSelect from '@/entities/crate/ui/FolderSelect';
import { useFolderParam, useOwnFolders } from '@/entities/crate/folders';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Container, Form, InputGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { clearBlindbag, fetchBlindbag } from './blindbag.actions';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectDrawing, selectDrawnRecord, selectNothingMatched } from './blindbag.slice';
import { paths } from '@/lib/paths';
import CoverImage from '@/lib/components/CoverImage';
import './BlindbagPage.css';
import { SEARCH_MAX_LENGTH } from '@spincrate/contract';

/** The filter placeholder (PRODUCT.md §2). */
const FILTER_PLACEHOLDER = 'Filter by title, artist, tags, or mood...';
/** The "Not played in" choices (EXTENSIONS.md §2), as days; '' is any time. */
const UNPLAYED_CHOICES = [
  { value: '', label: 'any time' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '1095', label: '3 years' },
];

/** The blindbag screen. */
export default function BlindbagPage() {
  const dispatch = useAppDispatch();
  const record = useAppSelector(selectDrawnRecord);
  const drawing = useAppSelector(selectDrawing);
  const nothingMatched = useAppSelector(selectNothingMatched);
  const [filter, setFilter] = useState('');
  const [unplayed, setUnplayed] = useState('');
  // The filter and "Not played in" of the last draw, to word the "nothing matched" message.
  const [drawnWith, setDrawnWith] = useState({ search: '', unplayed: '', folder: '' });
  // The folder drawn from, kept in the URL (`?folder=Jazz`, EXTENSIONS.md §5).
  const [folder, setFolder] = useFolderParam();
  const folders = useOwnFolders();

  useEffect(
    () => () => {
      dispatch(clearBlindbag());
    },
    [dispatch],
  );

  // The spinning record that was pressed goes away when the record appears: the focus
  // moves to the cover (which draws again) instead of being lost to the page.
  const cover = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (record && (!active || active === document.body)) cover.current?.focus();
  }, [record]);

  const draw = () => {
    const search = filter.trim();
    setDrawnWith({ search, unplayed, folder });
    dispatch(
      unplayed || folder
        ? fetchBlindbag({
            search: search || undefined,
            unplayedDays: unplayed ? Number(unplayed) : undefined,
            folder: folder || undefined,
          })
        : fetchBlindbag(search || undefined),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    draw();
  };

  return (
    <Container className="py-4 text-center" style={{ maxWidth: 640 }}>
      <h1>blindbag</h1>
      <OfflineChip screen="blindbag" />
      <Form onSubmit={submit} role="search" className="my-3">
        <InputGroup className="blindbag-filter">
          <Form.Control
            type="text"
            aria-label="Filter records"
            placeholder={FILTER_PLACEHOLDER}
            maxLength={SEARCH_MAX_LENGTH}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <Button type="submit" variant="primary">
            Filter
          </Button>
          <Button type="button" variant="outline-secondary" onClick={() => setFilter('')}>
            Clear
          </Button>
        </InputGroup>
        <Form.Group
          controlId="blindbag-unplayed"
          className="d-flex align-items-center gap-2 mt-2 justify-content-center"
        >
          <Form.Label className="mb-0 text-nowrap">Not played in</Form.Label>
          <Form.Select
            value={unplayed}
            onChange={(event) => setUnplayed(event.target.value)}
            style={{ maxWidth: 200 }}
          >
            {UNPLAYED_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="d-flex justify-content-center mt-2">
          <FolderSelect folders={folders} value={folder} onChange={setFolder} />
        </div>
      </Form>

      {record ? (
        <figure className="mx-auto" style={{ maxWidth: 400 }}>
          <button
            type="button"
            ref={cover}
            className="blindbag-draw p-0 border-0 bg-transparent rounded d-block w-100"
            onClick={draw}
          >
            {/* Spincrate's own 250/500 px thumbnails once the server has them (API.md "Covers
                served by Spincrate"), else coverart; the fallback cover when it can't be loaded. */}
            <CoverImage
              coverart={record.coverart}
              cover={record.cover}
              alt={record.title}
              width={400}
              height={400}
              sizes="min(400px, 100vw)"
              className="img-fluid w-100 h-auto rounded shadow"
              style={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
            />
            <span className="visually-hidden"> (draw another record)</span>
          </button>
          <figcaption className="mt-3 fs-5 text-break" aria-live="polite">
            {record.title} by {record.artist}
          </figcaption>
          <Link to={`${paths.addSpin}?record=${record.id}`} className="btn btn-success">
            Spin it
          </Link>
        </figure>
      ) : (
        <button
          type="button"
          className="blindbag-draw p-0 border-0 bg-transparent rounded-circle"
          onClick={draw}
          aria-label="Draw a random record"
        >
          <img
            src="/record-spin.svg"
            alt=""
            width={240}
            height={240}
            className={`blindbag-spin img-fluid${drawing ? ' blindbag-spin--fast' : ''}`}
          />
        </button>
      )}

      <div aria-live="polite" className="mt-3">
        {nothingMatched && (
          <p role="alert">
            {drawnWith.unplayed
              ? 'Nothing in your crate has been waiting that long.'
              : drawnWith.search
                ? `Nothing in your crate matches "${drawnWith.search}". Try another filter.`
                : drawnWith.folder
                  ? `Nothing in the folder "${drawnWith.folder}" to draw.`
                  : 'Your crate is empty. Add a record first.'}
          </p>
        )}
      </div>
    </Container>
  );
}
