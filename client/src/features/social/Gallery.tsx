/**
 * The galleries of Hot Off The Press and Latest Listens: a heading, a subtitle, a
 * Back to social button and a list of cards, 1 column on xs, 3 on sm, 6 from md
 * (PRODUCT.md §9).
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Col, Container, Row } from 'react-bootstrap';
import { paths } from '@/lib/paths';

export interface GalleryProps {
  /** The screen's heading. */
  title: string;
  /** The line under the heading. */
  subtitle: string;
  /** One entry per card: a key and the card. */
  items: Array<{ key: string | number; card: ReactNode }>;
  /** Shown instead of the cards once the list has arrived empty; nothing is shown before. */
  emptyText?: string;
  /** Whether this visit's list has arrived. */
  loaded?: boolean;
}

/**
 * A gallery screen.
 * @param props - heading, subtitle and cards
 */
export function Gallery({ title, subtitle, items, emptyText, loaded = false }: GalleryProps) {
  const navigate = useNavigate();
  return (
    <Container className="py-4">
      <h1 className="text-center">{title}</h1>
      <p className="text-center lead">{subtitle}</p>
      <div className="d-flex justify-content-center mb-3">
        <Button variant="outline-secondary" onClick={() => navigate(paths.social)}>
          Back to social
        </Button>
      </div>
      {loaded && items.length === 0 && emptyText && (
        <p className="text-center text-body-secondary" role="status">
          {emptyText}
        </p>
      )}
      <Row as="ul" xs={1} sm={3} md={6} className="list-unstyled g-3" aria-label={title}>
        {items.map((item) => (
          <Col as="li" key={item.key}>
            {item.card}
          </Col>
        ))}
      </Row>
    </Container>
  );
}
