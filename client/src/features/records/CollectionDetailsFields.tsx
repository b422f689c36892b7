/**
 * The collapsible "Collection details" part of the add and edit record forms
 * (EXTENSIONS.md §5, API.md "Collection details"): a five-star rating (radio buttons, so the
 * arrow keys move it; "Clear rating" empties it), folder, location, media and sleeve
 * condition, price and currency (the last currency used is the default), purchased on,
 * purchased from, label, catalog number and format.
 */
import { defaultCurrency } from '@/lib/currency';
import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import {
  amountToCents,
  CURRENCIES,
  FOLDER_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  MEDIA_GRADES,
  PRESSING_TEXT_MAX_LENGTH,
  PURCHASED_FROM_MAX_LENGTH,
  RATING_MAX,
  SLEEVE_GRADES,
  type MediaGrade,
  type Price,
  type SleeveGrade,
} from '@spincrate/contract';
import type { CrateRecord } from '@spincrate/contract';
import { useOwnFolders } from '@/entities/crate/folders';

/** The collection details as the form holds them: text, '' when not set; rating 0 when none. */
export interface CollectionFormValues {
  rating: number;
  folder: string;
  location: string;
  media_condition: string;
  sleeve_condition: string;
  amount: string;
  currency: string;
  purchased_on: string;
  purchased_from: string;
  label: string;
  catalog_number: string;
  format: string;
}

/** The currency memory is shared with a want's Got it (lib/currency.ts). */
export { rememberCurrency } from '@/lib/currency';

/** The empty collection details of a new record. */
export function emptyCollection(): CollectionFormValues {
  return {
    rating: 0,
    folder: '',
    location: '',
    media_condition: '',
    sleeve_condition: '',
    amount: '',
    currency: defaultCurrency(),
    purchased_on: '',
    purchased_from: '',
    label: '',
    catalog_number: '',
    format: '',
  };
}

/** The form values of a record's collection details (edit). */
export function collectionOfRecord(record: CrateRecord): CollectionFormValues {
  return {
    rating: record.rating ?? 0,
    folder: record.folder ?? '',
    location: record.location ?? '',
    media_condition: record.media_condition ?? '',
    sleeve_condition: record.sleeve_condition ?? '',
    amount: record.price?.amount ?? '',
    currency: record.price?.currency ?? defaultCurrency(),
    purchased_on: record.purchased_on ?? '',
    purchased_from: record.purchased_from ?? '',
    label: record.label ?? '',
    catalog_number: record.catalog_number ?? '',
    format: record.format ?? '',
  };
}

/** The collection details of a request body: every field, null when not set. */
export interface CollectionBody {
  rating: number | null;
  folder: string | null;
  location: string | null;
  media_condition: MediaGrade | null;
  sleeve_condition: SleeveGrade | null;
  price: Price | null;
  purchased_on: string | null;
  purchased_from: string | null;
  label: string | null;
  catalog_number: string | null;
  format: string | null;
}

/**
 * The typed price as the API's amount: trimmed, and a decimal comma ("24,99", as many
 * collectors write it) read as the point the API takes ("24.99").
 */
function typedAmount(amount: string): string {
  const trimmed = amount.trim();
  return /^\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

/** True when the typed price is empty or an amount the server takes (0–99999.99, at most 2 decimals). */
function priceIsValid(amount: string): boolean {
  const typed = typedAmount(amount);
  return typed === '' || amountToCents(typed) !== null;
}

/** The popup of a form sent with a price that is not an amount (the field says why too). */
export const PRICE_NOT_AN_AMOUNT_TEXT = 'The price must be an amount like 24.99.';

/**
 * The request fields of the form's collection details (API.md "Collection details"):
 * texts trimmed, empty ones null (cleared on edit).
 * @returns undefined when the price is not a valid amount (the form must not be sent)
 */
export function collectionBody(values: CollectionFormValues): CollectionBody | undefined {
  if (!priceIsValid(values.amount)) return undefined;
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const amount = typedAmount(values.amount);
  return {
    rating: values.rating >= 1 ? values.rating : null,
    folder: text(values.folder),
    location: text(values.location),
    // The selects offer only the contract's grades.
    media_condition: MEDIA_GRADES.find((grade) => grade === values.media_condition) ?? null,
    sleeve_condition: SLEEVE_GRADES.find((grade) => grade === values.sleeve_condition) ?? null,
    price: amount === '' ? null : { amount, currency: values.currency },
    purchased_on: text(values.purchased_on),
    purchased_from: text(values.purchased_from),
    label: text(values.label),
    catalog_number: text(values.catalog_number),
    format: text(values.format),
  };
}

/** Only the fields that are set (an add leaves the others absent). */
export function setFieldsOf(body: CollectionBody): Partial<CollectionBody> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}

/** Five stars as radio buttons: arrow keys move the rating, "Clear rating" empties it. */
function StarRating({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const stars = Array.from({ length: RATING_MAX }, (_, i) => i + 1);
  return (
    <fieldset className="mb-0">
      <legend className="form-label fs-6 mb-1">Rating</legend>
      <div className="d-flex flex-wrap align-items-center gap-1">
        {stars.map((star) => (
          <span key={star}>
            <input
              type="radio"
              className="btn-check"
              name="record-rating"
              id={`record-rating-${star}`}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`}
            />
            <label
              htmlFor={`record-rating-${star}`}
              className="btn btn-sm btn-outline-warning star-rating__star"
              aria-hidden="true"
            >
              {star <= value ? '★' : '☆'}
            </label>
          </span>
        ))}
        <Button variant="link" size="sm" onClick={() => onChange(0)} disabled={value === 0}>
          Clear rating
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The folder field: free text with the user's folders suggested (EXTENSIONS.md §5), from
 * `GET /api/record/folders`, asked for once the part is opened (a native datalist: the
 * browser offers the folders that start with what is typed, by keyboard too).
 */
function FolderField({
  value,
  onChange,
}: {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}) {
  const folders = useOwnFolders();
  return (
    <Form.Group controlId="record-folder">
      <Form.Label>Folder</Form.Label>
      <Form.Control
        value={value}
        onChange={onChange}
        maxLength={FOLDER_MAX_LENGTH}
        autoComplete="off"
        list="record-folder-suggestions"
      />
      <datalist id="record-folder-suggestions">
        {folders.map(({ folder }) => (
          <option key={folder} value={folder} />
        ))}
      </datalist>
    </Form.Group>
  );
}

/**
 * The collapsible collection details.
 * @param values - current values
 * @param onChange - called with the new values
 */
export default function CollectionDetailsFields({
  values,
  onChange,
}: {
  values: CollectionFormValues;
  onChange: (values: CollectionFormValues) => void;
}) {
  const set = (field: keyof CollectionFormValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });
  const text = (field: keyof CollectionFormValues, label: string, max: number) => (
    <Form.Group controlId={`record-${field}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control value={values[field]} onChange={set(field)} maxLength={max} autoComplete="off" />
    </Form.Group>
  );
  // The fields are rendered only while the part is open (a closed form stays light).
  const [open, setOpen] = useState(false);
  return (
    <details
      className="border rounded p-2"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="fw-semibold">Collection details</summary>
      {open && (
        <div className="d-flex flex-column gap-3 mt-3">
          <StarRating value={values.rating} onChange={(rating) => onChange({ ...values, rating })} />
          <FolderField value={values.folder} onChange={set('folder')} />
          {text('location', 'Location', LOCATION_MAX_LENGTH)}
          <Form.Group controlId="record-media-condition">
            <Form.Label>Media condition</Form.Label>
            <Form.Select value={values.media_condition} onChange={set('media_condition')}>
              <option value="">Not set</option>
              {MEDIA_GRADES.map((grade) => (
                <option key={grade}>{grade}</option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="record-sleeve-condition">
            <Form.Label>Sleeve condition</Form.Label>
            <Form.Select value={values.sleeve_condition} onChange={set('sleeve_condition')}>
              <option value="">Not set</option>
              {SLEEVE_GRADES.map((grade) => (
                <option key={grade}>{grade}</option>
              ))}
            </Form.Select>
          </Form.Group>
          <div className="d-flex gap-2">
            <Form.Group controlId="record-price" className="flex-grow-1">
              <Form.Label>Price</Form.Label>
              <Form.Control
                inputMode="decimal"
                value={values.amount}
                onChange={set('amount')}
                isInvalid={!priceIsValid(values.amount)}
                aria-invalid={!priceIsValid(values.amount)}
                aria-describedby="record-price-help record-price-error"
                autoComplete="off"
              />
              <Form.Control.Feedback type="invalid" id="record-price-error">
                An amount from 0 to 99999.99, at most 2 decimals.
              </Form.Control.Feedback>
              <Form.Text id="record-price-help">What you paid, e.g. 24.99.</Form.Text>
            </Form.Group>
            <Form.Group controlId="record-currency">
              <Form.Label>Currency</Form.Label>
              <Form.Select value={values.currency} onChange={set('currency')}>
                {CURRENCIES.map((code) => (
                  <option key={code}>{code}</option>
                ))}
              </Form.Select>
            </Form.Group>
          </div>
          <Form.Group controlId="record-purchased-on">
            <Form.Label>Purchased on</Form.Label>
            <Form.Control
              type="date"
              value={values.purchased_on}
              onChange={set('purchased_on')}
              min="1900-01-01"
            />
          </Form.Group>
          {text('purchased_from', 'Purchased from', PURCHASED_FROM_MAX_LENGTH)}
          {text('label', 'Label', PRESSING_TEXT_MAX_LENGTH)}
          {text('catalog_number', 'Catalog number', PRESSING_TEXT_MAX_LENGTH)}
          {text('format', 'Format', PRESSING_TEXT_MAX_LENGTH)}
        </div>
      )}
    </details>
  );
}
