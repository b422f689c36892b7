/**
 * One record of a shared crate, /s/{token}/records/{id} (EXTENSIONS.md §7): the record
 * read-only, as a friend sees it (no price, purchase or location), with Back to the shared
 * crate as it was (sort, search, folder). A revoked or unknown link says "This link doesn't
 * work any more."
 */
import { showFallbackCover } from '@/lib/covers';
import CoverImage from '@/lib/components/CoverImage';
import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import type { PublicRecord } from '@spincrate/contract';
import RecordFacts from '@/entities/crate/ui/RecordFacts';
import { errorStatus } from '@/lib/api';
import { keptQuery } from '@/entities/crate/listView';
import { paths } from '@/lib/paths';
import { getShare, getSharedRecord } from './share.api';
import { LinkGone, SharedPageMeta, sharedPlaceKey } from './SharedCratePage';

/** The shared record screen. */
export default function SharedRecordPage() {
  const params = useParams();
  const token = params.token ?? '';
  const recordId = Number(params.recordId);
  const valid = Number.isInteger(recordId) && recordId > 0;
  const [record, setRecord] = useState<PublicRecord | undefined>(undefined);
  const [state, setState] = useState<'loading' | 'shown' | 'missing' | 'gone'>('loading');

  useEffect(() => {
    if (!valid) {
      setState('missing');
      return;
    }
    getSharedRecord(token, recordId).then(
      (found) => {
        setRecord(found);
        setState('shown');
      },
      async (err: unknown) => {
        if (errorStatus(err) !== 404) {
          setState('missing');
          return;
        }
        // A 404 is a record not in this crate, or a link that no longer works: ask which.
        try {
          await getShare(token);
          setState('missing');
        } catch {
          setState('gone');
        }
      },
    );
  }, [token, recordId, valid]);

  if (state === 'gone') return <LinkGone />;
  const back = (
    <Link
      to={`${paths.sharedCrate(token)}${keptQuery(sharedPlaceKey(token))}`}
      className="btn btn-outline-secondary"
    >
      Back
    </Link>
  );
  if (state !== 'shown' || !record) {
    return (
      <Container className="py-4">
        <SharedPageMeta />
        {state === 'loading' ? (
          <p role="status">Loading...</p>
        ) : (
          <>
            <p role="alert">This record could not be found.</p>
            {back}
          </>
        )}
      </Container>
    );
  }
  return (
    <Container className="py-4">
      <SharedPageMeta />
      <div className="mb-3">{back}</div>
      <Row className="g-4">
        <Col xs={12} md={5}>
          {/* Spincrate's own thumbnails once it has them (API.md "Covers served by Spincrate"). */}
          <CoverImage
            coverart={record.coverart}
            cover={record.cover}
            sizes="(min-width: 768px) 40vw, 100vw"
            alt={record.title}
            onError={showFallbackCover}
            width={500}
            height={500}
            className="img-fluid w-100 h-auto rounded shadow-sm"
            style={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
          />
        </Col>
        <Col xs={12} md={7}>
          <RecordFacts record={record} />
        </Col>
      </Row>
    </Container>
  );
}
