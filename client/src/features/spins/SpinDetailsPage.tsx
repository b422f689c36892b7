/**
 * Spin details (/spins/details/{id}, PRODUCT.md §2 "Spin details"): a carousel of the
 * covers, the listened date, the length, the details, the albums, and a delete button
 * with confirmation. Shows 'Loading spin details...' until the spin's rows are present.
 */
import CoverImage from '@/lib/components/CoverImage';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Carousel, Container } from 'react-bootstrap';
import { deleteSpin, fetchSingleSpin } from './spins.actions';
import { confirmDelete, deletedNotice } from '@/lib/alerts';
import { formatLongDate } from '@/lib/dates';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectSpinNotFound } from './spins.slice';
import { paths } from '@/lib/paths';
import type { Spin, SpinDetailRow as SpinAlbumRow } from '@spincrate/contract';
import { sendSpin } from './spins.send';
import './spins.css';

/** PRODUCT.md §9: carousel interval, and the viewport width from which slides fade. */
export const CAROUSEL_INTERVAL_MS = 1500;
export const FADE_MIN_WIDTH = 768;

export const DELETE_SPIN_TEXT = "This will permanently delete the spin. You won't be able to revert this!";
export const SPIN_DELETED_TEXT = 'Your spin has been deleted.';

/** How often the screen asks again while the spin is being sent to ListenBrainz. */
export const SCROBBLE_POLL_MS = 3000;

/** What spin details say about the spin on ListenBrainz (EXTENSIONS.md §8), or null when it is not sent. */
export function scrobbleText(scrobble: Spin['scrobble']): string | null {
  switch (scrobble.state) {
    case 'sent':
      return `Sent to ListenBrainz · ${scrobble.listens} ${scrobble.listens === 1 ? 'listen' : 'listens'}`;
    case 'pending':
      return 'Sending…';
    case 'partial':
      return `Not sent: ${scrobble.message ?? 'no tracklist'}`;
    case 'failed':
      return `ListenBrainz refused: ${scrobble.message ?? 'no reason given'}`;
    default:
      return null;
  }
}

/** An album of the spin: a row whose album fields are all present. */
type Album = SpinAlbumRow & { album_id: number; title: string; artist: string; coverart: string };

function isSpinRow(row: Spin | SpinAlbumRow): row is SpinAlbumRow {
  return 'album_id' in row;
}

function isAlbum(row: SpinAlbumRow): row is Album {
  return row.album_id !== null && row.title !== null && row.artist !== null && row.coverart !== null;
}

function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** True while the viewport is at least `FADE_MIN_WIDTH` pixels wide. */
function useWideViewport() {
  return useSyncExternalStore(
    subscribeToResize,
    () => window.innerWidth >= FADE_MIN_WIDTH,
    () => false,
  );
}

/** The spin details screen. */
export default function SpinDetailsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const spinId = Number(id);
  const rows = useAppSelector((state) => state.spins);
  const validId = Number.isInteger(spinId) && spinId > 0;
  const notFound = useAppSelector(selectSpinNotFound) || !validId;
  const wide = useWideViewport();

  useEffect(() => {
    if (validId) dispatch(fetchSingleSpin(spinId));
  }, [dispatch, spinId, validId]);

  // The spin's rows from GET /api/spins/single/{id}; the plain list does not count.
  const spinRows = useMemo(() => rows.filter(isSpinRow).filter((row) => row.id === spinId), [rows, spinId]);
  const albums = useMemo(() => spinRows.filter(isAlbum), [spinRows]);
  const spin = spinRows[0];

  const scrobble = spin?.scrobble;
  const [sendFailed, setSendFailed] = useState(false);
  // While the spin is being sent, ask again now and then until it is done.
  useEffect(() => {
    if (scrobble?.state !== 'pending') return;
    const timer = setTimeout(() => dispatch(fetchSingleSpin(spinId)), SCROBBLE_POLL_MS);
    return () => clearTimeout(timer);
  }, [dispatch, scrobble, spinId]);

  const sendAgain = async () => {
    setSendFailed(false);
    try {
      await sendSpin(spinId);
      dispatch(fetchSingleSpin(spinId));
    } catch {
      setSendFailed(true);
    }
  };

  const remove = async () => {
    if (!(await confirmDelete(DELETE_SPIN_TEXT))) return;
    dispatch(deleteSpin(spinId));
    navigate(paths.spins);
    void deletedNotice(SPIN_DELETED_TEXT);
  };

  return (
    <Container className="py-4" style={{ maxWidth: 720 }}>
      <h1 className="text-center">spin details</h1>
      <div className="d-flex justify-content-center mb-3">
        <Button variant="outline-secondary" onClick={() => navigate(paths.spins)}>
          Back
        </Button>
      </div>
      {!spin && notFound ? (
        <p className="text-center" role="status">
          This spin could not be found. It may have been deleted.
        </p>
      ) : !spin ? (
        <p className="text-center" role="status">
          Loading spin details...
        </p>
      ) : (
        <>
          {albums.length > 0 && (
            <Carousel
              className="spin-details-carousel mb-4"
              interval={CAROUSEL_INTERVAL_MS}
              fade={wide}
              controls={false}
              indicators={false}
            >
              {albums.map((album) => (
                <Carousel.Item key={album.album_id}>
                  {/* Spincrate's own 250/500 px thumbnails once the server has them (API.md
                      "Covers served by Spincrate"), else coverart. */}
                  <CoverImage
                    coverart={album.coverart}
                    cover={album.cover}
                    alt={album.title}
                    loading="lazy"
                    width={400}
                    height={400}
                    sizes="min(400px, 100vw)"
                  />
                </Carousel.Item>
              ))}
            </Carousel>
          )}
          <dl className="spin-details">
            <dt>LISTENED on</dt>
            <dd>{formatLongDate(spin.listened_at)}</dd>
            <dt>LENGTH of SPIN</dt>
            <dd>{spin.time_spent}</dd>
            <dt>DETAILS</dt>
            <dd className="spin-card-details">{spin.spin_details}</dd>
            <dt>ALBUMS</dt>
            <dd>
              {albums.length > 0 ? (
                <ul className="mb-0">
                  {albums.map((album) => (
                    <li key={album.album_id}>{`${album.title} by ${album.artist}`}</li>
                  ))}
                </ul>
              ) : (
                'No albums: the records of this spin were deleted.'
              )}
            </dd>
          </dl>
          {spin.scrobble && scrobbleText(spin.scrobble) && (
            <div className="mb-3">
              <p role="status" className="mb-1">
                {scrobbleText(spin.scrobble)}
              </p>
              {(spin.scrobble.state === 'failed' || spin.scrobble.state === 'partial') && (
                <Button variant="outline-primary" size="sm" onClick={() => void sendAgain()}>
                  Send again
                </Button>
              )}
              {sendFailed && (
                <p role="alert" className="text-danger mb-0">
                  Could not send again. Connect ListenBrainz in the settings and try again.
                </p>
              )}
            </div>
          )}
          <Button variant="danger" onClick={() => void remove()}>
            delete spin
          </Button>
        </>
      )}
    </Container>
  );
}
