/**
 * The fields shared by the add and edit record screens: artist, title, mood dropdown
 * (first option 'Select Record Mood', then the moods) and details. The form state lives
 * in the screen; this renders the controls.
 */
import type { FormEvent, ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { DETAILS_MAX_LENGTH, NAME_MAX_LENGTH } from '@spincrate/contract';
import MoodSelect from '@/entities/crate/ui/MoodSelect';
import CollectionDetailsFields, {
  emptyCollection,
  type CollectionFormValues,
  PRICE_NOT_AN_AMOUNT_TEXT,
  type CollectionBody,
} from './CollectionDetailsFields';
import { FILL_FORM_TEXT, warnAttention } from '@/lib/alerts';

export interface RecordFormValues {
  artist: string;
  title: string;
  /** A mood id as text, '' while none is chosen. */
  mood: string;
  details: string;
  /** The release year as typed, '' when unknown (EXTENSIONS.md §2). */
  year: string;
  /** The collapsible collection details (EXTENSIONS.md §5). */
  collection: CollectionFormValues;
}

/** An empty add form (the currency the last one used). */
export function emptyRecordForm(): RecordFormValues {
  return { artist: '', title: '', mood: '', details: '', year: '', collection: emptyCollection() };
}

/** The years a record may have (API.md field rules). */
const YEAR_MIN = 1900;
const YEAR_MAX = 2100;

/** The popup of a form sent with a year out of range (the field is marked too). */
const YEAR_INVALID_TEXT = `The year must be from ${YEAR_MIN} to ${YEAR_MAX}, or left empty.`;

/**
 * The year field's value for the API: null when empty, the number when it is a whole
 * year in 1900–2100, and undefined when it is not valid (the form must not be sent).
 */
export function parseYear(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{4}$/.test(trimmed)) return undefined;
  const year = Number(trimmed);
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : undefined;
}

/**
 * Says what stops a record form from being sent, if anything: PRODUCT.md §8's "Please fill
 * form before submit" for a required field left empty, else the year's or the price's own
 * popup (their fields are marked too).
 * @param requiredFilled - every required field of the form has a value
 * @param year - {@link parseYear}'s reading of the year field
 * @param collection - `collectionBody`'s reading of the collection details
 * @returns true when the form may be sent (nothing was said)
 */
export function readyToSend(
  requiredFilled: boolean,
  year: number | null | undefined,
  collection: CollectionBody | undefined,
): boolean {
  const problem = !requiredFilled
    ? FILL_FORM_TEXT
    : year === undefined
      ? YEAR_INVALID_TEXT
      : !collection
        ? PRICE_NOT_AN_AMOUNT_TEXT
        : null;
  if (problem) void warnAttention(problem);
  return problem === null;
}

/** The longest artist, title and details the server accepts (API.md field rules). */
/** API.md "Field rules". */
const MAX = { artist: NAME_MAX_LENGTH, title: NAME_MAX_LENGTH, details: DETAILS_MAX_LENGTH };

/**
 * The record fields and the screen's buttons.
 * @param values - current values
 * @param onChange - called with the new values
 * @param onSubmit - the form's submit
 * @param detailsRequired - marks details as required (edit)
 * @param children - the buttons
 */
export default function RecordForm({
  values,
  onChange,
  onSubmit,
  detailsRequired,
  children,
}: {
  values: RecordFormValues;
  onChange: (values: RecordFormValues) => void;
  onSubmit: (event: FormEvent) => void;
  detailsRequired: boolean;
  children: ReactNode;
}) {
  const set = (field: keyof RecordFormValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });

  // noValidate: the app's own "Attention!" warning replaces the browser's bubbles.
  return (
    <Form noValidate onSubmit={onSubmit} className="d-flex flex-column gap-3">
      <Form.Group controlId="record-artist">
        <Form.Label>Artist</Form.Label>
        <Form.Control
          value={values.artist}
          onChange={set('artist')}
          maxLength={MAX.artist}
          required
          autoComplete="off"
        />
      </Form.Group>
      <Form.Group controlId="record-title">
        <Form.Label>Title</Form.Label>
        <Form.Control
          value={values.title}
          onChange={set('title')}
          maxLength={MAX.title}
          required
          autoComplete="off"
        />
      </Form.Group>
      <MoodSelect controlId="record-mood" value={values.mood} onChange={set('mood')} />
      <Form.Group controlId="record-year">
        <Form.Label>Year (optional)</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          min={YEAR_MIN}
          max={YEAR_MAX}
          step={1}
          value={values.year}
          onChange={set('year')}
          isInvalid={parseYear(values.year) === undefined}
          aria-describedby="record-year-help"
        />
        <Form.Text id="record-year-help">
          The original release year, {YEAR_MIN}–{YEAR_MAX}.
        </Form.Text>
      </Form.Group>
      <Form.Group controlId="record-details">
        <Form.Label>Details{detailsRequired ? '' : ' (optional)'}</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={values.details}
          onChange={set('details')}
          maxLength={MAX.details}
          required={detailsRequired}
        />
      </Form.Group>
      <CollectionDetailsFields
        values={values.collection}
        onChange={(collection) => onChange({ ...values, collection })}
      />
      <div className="d-flex flex-wrap gap-2">{children}</div>
    </Form>
  );
}
