/**
 * Spins list (/spins, PRODUCT.md §2 "Spins list"): an Add Spin button and a grid of
 * spin cards (record icon by theme, the listened date MM/DD/YYYY or "Unknown date",
 * the spin's details, then its records "{title} by {artist}", at most three, then
 * "+{n} more", EXTENSIONS.md §2); each card is a link to that spin's details.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Col, Container, Row } from 'react-bootstrap';
import { fetchSpins } from './spins.actions';
import OutboxSpins from './OutboxSpins';
import { flushOutbox } from '@/lib/offline/state';
import { formatLongDate } from '@/lib/dates';
import { isServerUnreachable, subscribeConnectivity } from '@/lib/connectivity';
import { selectSpinsListFailed } from './spins.slice';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import type { Spin, SpinListItem } from '@spincrate/contract';
import './spins.css';

/** Records a card names before "+{n} more" (EXTENSIONS.md §2). */
const CARD_RECORDS = 3;

/** The card's record lines: up to three "{title} by {artist}", then "+{n} more" when more. */
function SpinCardRecords({ records }: { records: SpinListItem['records'] }) {
  if (records.length === 0) return null;
  const more = records.length - CARD_RECORDS;
  return (
    <span className="spin-card-records d-flex flex-column">
      {records.slice(0, CARD_RECORDS).map((record) => (
        <span key={record.id}>
          {record.title} by {record.artist}
        </span>
      ))}
      {more > 0 && <span className="text-body-secondary">+{more} more</span>}
    </span>
  );
}

/** The spins screen. */
export default function SpinsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const rows = useAppSelector((state) => state.spins);
  // The list in the store when the screen opened; a new one means this visit's answer arrived.
  const [initialRows] = useState(rows);
  const theme = useAppSelector((state) => state.theme.theme);
  const failed = useAppSelector(selectSpinsListFailed);

  // A list that could not be loaded is asked for again once the server can be reached.
  useEffect(() => {
    if (!failed) return undefined;
    return subscribeConnectivity(() => {
      if (!isServerUnreachable()) dispatch(fetchSpins());
    });
  }, [failed, dispatch]);

  useEffect(() => {
    dispatch(fetchSpins());
    // Shows what waits in the outbox, and sends it if the server can be reached (EXTENSIONS.md §9).
    dispatch(flushOutbox());
  }, [dispatch]);

  // Until the list answers, the store may still hold one spin's rows (one per album,
  // PRODUCT.md §4): show each spin once.
  const spins = useMemo(() => {
    const seen = new Set<number>();
    return rows.filter((spin: Spin) => {
      if (seen.has(spin.id)) return false;
      seen.add(spin.id);
      return true;
    });
  }, [rows]);

  const recordIcon = theme === 'dark' ? '/record-white.svg' : '/record-light.svg';

  return (
    <Container className="py-4">
      <h1 className="text-center">spins</h1>
      <div className="d-flex justify-content-center my-3">
        <Button variant="primary" onClick={() => navigate(paths.addSpin)}>
          Add Spin
        </Button>
      </div>
      <OutboxSpins />
      {failed && (
        <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2" role="alert">
          <span>Your spins could not be loaded.</span>
          <Button variant="primary" size="sm" onClick={() => dispatch(fetchSpins())}>
            Try again
          </Button>
        </Alert>
      )}
      {!failed && rows !== initialRows && spins.length === 0 && (
        <p className="text-center text-body-secondary" role="status">
          No spins yet. Log a listening session with Add Spin.
        </p>
      )}
      <Row as="ul" xs={1} sm={2} md={3} lg={4} className="list-unstyled g-3" aria-label="Spins">
        {spins.map((spin) => (
          <Col as="li" key={spin.id}>
            <Link to={paths.spinDetails(spin.id)} className="spin-card card h-100">
              <span className="card-body d-flex align-items-start gap-3">
                <img src={recordIcon} alt="" width={48} height={48} className="flex-shrink-0" />
                <span className="d-flex flex-column min-w-0">
                  <span className="fw-bold">{formatLongDate(spin.listened_at)}</span>
                  <span className="spin-card-details">{spin.spin_details}</span>
                  {'records' in spin && <SpinCardRecords records={spin.records} />}
                </span>
              </span>
            </Link>
          </Col>
        ))}
      </Row>
    </Container>
  );
}
