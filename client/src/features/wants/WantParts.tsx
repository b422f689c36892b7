/**
 * The parts the wantlist screens share (EXTENSIONS.md §6): the priority as 1–3 dots with a
 * label for screen readers, a want's card (cover, title, artist, year, priority, max price),
 * and the add/edit form's fields (like add record, without a mood).
 */
import type { FormEvent, ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  amountToCents,
  CURRENCIES,
  WANT_NOTES_MAX_LENGTH,
  type FriendWant,
  type Price,
  type Want,
} from '@spincrate/contract';
import CoverImage from '@/lib/components/CoverImage';

/** "Priority 1 of 3 (most wanted)". */
function priorityLabel(priority: number): string {
  return `Priority ${priority} of 3${priority === 1 ? ' (most wanted)' : priority === 3 ? ' (least wanted)' : ''}`;
}

/** The priority as 3 dots, the most wanted the most filled: priority 1 ●●●, 2 ●●○, 3 ●○○. */
export function PriorityDots({ priority }: { priority: number }) {
  const filled = 4 - priority;
  return (
    <span role="img" aria-label={priorityLabel(priority)} className="want-priority text-body-secondary">
      {[1, 2, 3].map((n) => (
        <span key={n} aria-hidden="true">
          {n <= filled ? '●' : '○'}
        </span>
      ))}
    </span>
  );
}

/** "30.00 EUR". */
export function priceText(price: Price): string {
  return `${price.amount} ${price.currency}`;
}

/** One want as a card; links to `href` when given. */
export function WantCard({ want, href }: { want: Want | FriendWant; href?: string }) {
  const maxPrice = 'max_price' in want ? want.max_price : null;
  const body = (
    <>
      <CoverImage
        coverart={want.coverart}
        cover={want.cover}
        alt={`Cover of ${want.title}`}
        width={96}
        height={96}
        className="rounded flex-shrink-0 want-cover"
        loading="lazy"
      />
      <div className="min-w-0">
        <p className="mb-1 fw-semibold text-break">{want.title}</p>
        <p className="mb-1 text-break">{want.artist}</p>
        <p className="mb-1 small">
          {want.year ?? ''} <PriorityDots priority={want.priority} />
        </p>
        {maxPrice && <p className="mb-0 small">Up to {priceText(maxPrice)}</p>}
      </div>
    </>
  );
  return (
    <li className="border rounded p-2">
      {href ? (
        <Link
          to={href}
          className="d-flex gap-3 align-items-start text-reset text-decoration-none want-card-link"
        >
          {body}
        </Link>
      ) : (
        <div className="d-flex gap-3 align-items-start">{body}</div>
      )}
    </li>
  );
}

/** What the add and edit forms hold, as typed. */
export interface WantFormValues {
  artist: string;
  title: string;
  year: string;
  barcode: string;
  priority: string;
  amount: string;
  currency: string;
  notes: string;
}

export const emptyWantForm = (): WantFormValues => ({
  artist: '',
  title: '',
  year: '',
  barcode: '',
  priority: '2',
  amount: '',
  currency: 'EUR',
  notes: '',
});

/** The form's values of a stored want (edit). */
export function wantFormOf(want: Want): WantFormValues {
  return {
    artist: want.artist,
    title: want.title,
    year: want.year === null ? '' : String(want.year),
    barcode: want.barcode ?? '',
    priority: String(want.priority),
    amount: want.max_price?.amount ?? '',
    currency: want.max_price?.currency ?? 'EUR',
    notes: want.notes ?? '',
  };
}

/**
 * The form's values of a `POST /api/want/add` body (API.md "Wantlist"): a want refused in the
 * outbox, added again (EXTENSIONS.md §9). A field the body lacks is left as a new form has it.
 */
export function wantFormOfBody(body: Record<string, unknown>): WantFormValues {
  const text = (value: unknown): string =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const empty = emptyWantForm();
  const price = (body.max_price ?? null) as { amount?: unknown; currency?: unknown } | null;
  return {
    artist: text(body.artist),
    title: text(body.title),
    year: text(body.year),
    barcode: text(body.barcode),
    priority: text(body.priority) || empty.priority,
    amount: text(price?.amount),
    currency: text(price?.currency) || empty.currency,
    notes: text(body.notes),
  };
}

/**
 * The body fields of the form (API.md "Wantlist"), or a message naming the first bad field.
 * Empty optional fields are sent as null (cleared on edit).
 */
export function wantBodyOf(values: WantFormValues):
  | {
      body: {
        artist: string;
        title: string;
        year: number | null;
        barcode: string | null;
        priority: number;
        max_price: Price | null;
        notes: string | null;
      };
    }
  | { error: string } {
  const artist = values.artist.trim();
  const title = values.title.trim();
  if (!artist || !title) return { error: 'Artist and title are required.' };
  const yearText = values.year.trim();
  const year = yearText === '' ? null : Number(yearText);
  if (year !== null && !(Number.isInteger(year) && year >= 1900 && year <= 2100)) {
    return { error: 'The year is a whole number from 1900 to 2100.' };
  }
  const barcode = values.barcode.trim();
  if (barcode && !/^(?:[0-9]{8}|[0-9]{12}|[0-9]{13})$/.test(barcode)) {
    return { error: 'A barcode has 8, 12 or 13 digits.' };
  }
  const amount = values.amount.trim();
  const currency = values.currency.trim().toUpperCase();
  if (amount && (amountToCents(amount) === null || !CURRENCIES.includes(currency))) {
    return { error: 'The max price is an amount with at most 2 decimals and a currency code such as EUR.' };
  }
  return {
    body: {
      artist,
      title,
      year,
      barcode: barcode || null,
      priority: Number(values.priority),
      max_price: amount ? { amount, currency } : null,
      notes: values.notes.trim() || null,
    },
  };
}

/** The add/edit fields of a want; `children` are the form's buttons. */
export function WantForm({
  values,
  onChange,
  onSubmit,
  idPrefix,
  children,
}: {
  values: WantFormValues;
  onChange(values: WantFormValues): void;
  onSubmit(event: FormEvent): void;
  idPrefix: string;
  children: ReactNode;
}) {
  const set =
    (field: keyof WantFormValues) =>
    (event: { target: { value: string } }): void =>
      onChange({ ...values, [field]: event.target.value });
  return (
    <Form noValidate onSubmit={onSubmit} className="d-flex flex-column gap-3">
      <Form.Group controlId={`${idPrefix}-artist`}>
        <Form.Label>Artist</Form.Label>
        <Form.Control value={values.artist} onChange={set('artist')} required maxLength={200} />
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-title`}>
        <Form.Label>Title</Form.Label>
        <Form.Control value={values.title} onChange={set('title')} required maxLength={200} />
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-year`}>
        <Form.Label>Year (optional)</Form.Label>
        <Form.Control value={values.year} onChange={set('year')} inputMode="numeric" maxLength={4} />
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-barcode`}>
        <Form.Label>Barcode (optional)</Form.Label>
        <Form.Control
          value={values.barcode}
          onChange={(e) => onChange({ ...values, barcode: e.target.value.replace(/[^0-9]/g, '') })}
          inputMode="numeric"
          maxLength={13}
          autoComplete="off"
        />
      </Form.Group>
      <Form.Group controlId={`${idPrefix}-priority`}>
        <Form.Label>Priority</Form.Label>
        <Form.Select value={values.priority} onChange={set('priority')}>
          <option value="1">1 (most wanted)</option>
          <option value="2">2</option>
          <option value="3">3 (least wanted)</option>
        </Form.Select>
      </Form.Group>
      <fieldset className="d-flex gap-2 align-items-end flex-wrap">
        <legend className="fs-6 mb-1">Max price (optional)</legend>
        <Form.Group controlId={`${idPrefix}-amount`}>
          <Form.Label>Amount</Form.Label>
          <Form.Control
            value={values.amount}
            onChange={set('amount')}
            inputMode="decimal"
            style={{ maxWidth: 140 }}
          />
        </Form.Group>
        <Form.Group controlId={`${idPrefix}-currency`}>
          <Form.Label>Currency</Form.Label>
          <Form.Control
            value={values.currency}
            onChange={set('currency')}
            maxLength={3}
            autoCapitalize="characters"
            style={{ maxWidth: 100 }}
          />
        </Form.Group>
      </fieldset>
      <Form.Group controlId={`${idPrefix}-notes`}>
        <Form.Label>Notes (optional)</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={values.notes}
          onChange={set('notes')}
          maxLength={WANT_NOTES_MAX_LENGTH}
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">{children}</div>
    </Form>
  );
}
