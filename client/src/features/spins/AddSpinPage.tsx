/**
 * Add a spin (/spins/add, PRODUCT.md §2 "Add spin", §5): date, hours, minutes, details
 * and the records spun (the server is searched by title or artist as the user types,
 * with a 1 second delay, so any crate size works: EXTENSIONS.md §1). Every field is
 * required, else the "Attention!" warning and nothing is sent. After submit the form
 * clears and the app goes to /spins. The records are cleared on leaving. EXTENSIONS.md
 * §2: the date starts at today, and `?record={id}` (the Spin it buttons) starts with that
 * record picked. EXTENSIONS.md §8: each picked record whose tracklist has sides gets side
 * chips (toggle buttons, all on at first); the chosen sides fill hours and minutes (still
 * editable), and are sent as `sides`; an optional "Started at" time of the spin's date is
 * sent as `startedAt`. EXTENSIONS.md §9: `?outbox={clientId}` (the spins page's "Edit and log it
 * again") starts the form with a spin the server refused in the outbox — its date, time,
 * details, start time, sides, and those of its records still in the crate (the ones left out
 * are named) — and says why it was refused; the spin logged replaces it there
 * (lib/offline/outboxEdit.ts).
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Col, Container, Form, Row } from 'react-bootstrap';
import DatePicker from 'react-datepicker';
import Select, { type MultiValue, type StylesConfig } from 'react-select';
import { addDays, format, isAfter, isValid, parse, startOfDay } from 'date-fns';
import { enUS } from 'date-fns/locale';
import 'react-datepicker/dist/react-datepicker.css';
import { postSpins, searchPickerRecords } from './spins.actions';
import { chosenSeconds, fetchRecordSides, hoursAndMinutes, type PickedSides } from './spins.sides';
import { spinFormOf, spinRecordsStillInCrate, type LeftOutRecord } from './spins.retry';
import { selectRecordPicker } from './spins.slice';
import { clearRecords, fetchRecord, selectKnownRecord } from '@/entities/crate/crate';
import { selectCurrentUserId } from '@/entities/session/session';
import type { OutboxItem } from '@/lib/offline/db';
import { useFailedOutboxItem } from '@/lib/offline/outboxEdit';
import { countOf } from '@/lib/plural';
import { FILL_FORM_TEXT, warnAttention } from '@/lib/alerts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import CoverImage from '@/lib/components/CoverImage';
import type { AddSpinBody, CrateRecord } from '@spincrate/contract';
import './spins.css';
import { SPIN_HOURS_MAX } from '@spincrate/contract';

/** One choice of the record picker: the record id as a string, the title as label. */
export interface RecordOption {
  value: string;
  label: string;
  artist: string;
  /** The record's cover source and own thumbnails, for the option's thumbnail. */
  coverart: string;
  cover: CrateRecord['cover'];
}

/**
 * The record picker drawn in the page's theme (Bootstrap's colour variables), so it is a dark
 * field in the dark theme like every other one, and its placeholder and messages are readable
 * in both (WCAG AA: react-select's own grey placeholder is 3.95:1 on white).
 */
const PICKER_STYLES: StylesConfig<RecordOption, true> = {
  control: (base, state) => ({
    ...base,
    backgroundColor: 'var(--bs-body-bg)',
    borderColor: state.isFocused ? 'var(--bs-primary)' : 'var(--bs-border-color)',
  }),
  input: (base) => ({ ...base, color: 'var(--bs-body-color)' }),
  placeholder: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
  menu: (base) => ({ ...base, backgroundColor: 'var(--bs-body-bg)', color: 'var(--bs-body-color)' }),
  option: (base, state) => ({
    ...base,
    backgroundColor: state.isFocused ? 'var(--bs-tertiary-bg)' : 'transparent',
    color: 'var(--bs-body-color)',
  }),
  multiValue: (base) => ({ ...base, backgroundColor: 'var(--bs-secondary-bg)' }),
  multiValueLabel: (base) => ({ ...base, color: 'var(--bs-body-color)' }),
  noOptionsMessage: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
  loadingMessage: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
  dropdownIndicator: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
  clearIndicator: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
};

/** The picker's options for a list of records. */
export function recordOptions(records: CrateRecord[]): RecordOption[] {
  return records.map((record) => ({
    value: String(record.id),
    label: record.title,
    artist: record.artist,
    coverart: record.coverart,
    cover: record.cover ?? null,
  }));
}

/**
 * The spin submission payload (PRODUCT.md §3): time as H:MM, the date as the picker
 * shows it (MM/DD/YYYY), record ids as strings. With `sides` (record id → picked sides)
 * the chosen sides of the records that have chips (EXTENSIONS.md §8); with `startTime`
 * that time of the spin's date as an ISO 8601 `startedAt` (API.md "Field rules").
 */
export function spinPayload(form: {
  date: Date;
  hours: string;
  minutes: string;
  details: string;
  albums: readonly RecordOption[];
  sides?: Readonly<Record<string, PickedSides | undefined>>;
  startTime?: Date | null;
}): AddSpinBody {
  const hours = Number.parseInt(form.hours, 10);
  const minutes = Number.parseInt(form.minutes, 10);
  const payload: AddSpinBody = {
    timeSpent: `${hours}:${String(minutes).padStart(2, '0')}`,
    listenedAt: format(form.date, 'MM/dd/yyyy'),
    details: form.details.trim(),
    albums: form.albums.map((option) => option.value),
  };
  const sides: Record<string, string[]> = {};
  for (const option of form.albums) {
    const picked = form.sides?.[option.value];
    if (picked && picked.sides.length > 0) {
      sides[option.value] = picked.sides.map((s) => s.side).filter((s) => picked.chosen.includes(s));
    }
  }
  if (Object.keys(sides).length > 0) payload.sides = sides;
  if (form.startTime) {
    const start = new Date(form.date);
    start.setHours(form.startTime.getHours(), form.startTime.getMinutes(), 0, 0);
    payload.startedAt = start.toISOString();
  }
  return payload;
}

const isWholeNumber = (value: string) => /^\d+$/.test(value.trim());

/**
 * What the add-spin form says of a refused spin's records left out (EXTENSIONS.md §9): their
 * titles when the outbox item named them all, else how many.
 */
function leftOutText(leftOut: readonly LeftOutRecord[]): string {
  const titles = leftOut.flatMap((record) => (record.title ? [record.title] : []));
  return titles.length === leftOut.length
    ? `Left out, no longer in your crate: ${titles.join(', ')}.`
    : `Left out: ${countOf(leftOut.length, 'record')} no longer in your crate.`;
}

/** The latest date a spin may have (API.md "Field rules": listenedAt up to tomorrow). */
const latestSpinDate = () => startOfDay(addDays(new Date(), 1));

/**
 * The date typed into the picker when it is a whole `MM/DD/YYYY` date after tomorrow, else
 * undefined. The picker ignores such a date and would empty its field without a word; the
 * add-spin form refuses it with a message instead and keeps the text (EXTENSIONS.md §11).
 */
export function dateBeyondTomorrow(typed: string): Date | undefined {
  const text = typed.trim();
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text)) return undefined;
  const date = parse(text, 'MM/dd/yyyy', new Date());
  return isValid(date) && isAfter(startOfDay(date), latestSpinDate()) ? date : undefined;
}

/**
 * The add-spin screen. EXTENSIONS.md §11: a date typed beyond tomorrow is refused, not silently
 * replaced: its text stays in the field, which is marked invalid (`aria-invalid`, Bootstrap's
 * `is-invalid`) with the message as its description; ADD SPIN sends nothing and goes back to the
 * field; a date the picker takes (typed or picked) clears the mark.
 */
export default function AddSpinPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const picker = useAppSelector(selectRecordPicker);

  const [date, setDate] = useState<Date | null>(() => new Date());
  // EXTENSIONS.md §11: the text typed in the date field from the moment a date beyond tomorrow
  // was typed until the picker takes a date (typed or picked); null when the field shows the
  // picked date. It stays in the field (the picker would empty it), and while it is a date beyond
  // tomorrow the field is invalid with a message, and the spin is not sent.
  const [typedDate, setTypedDate] = useState<string | null>(null);
  const refusedDate = typedDate !== null && dateBeyondTomorrow(typedDate) ? typedDate.trim() : '';
  const datePicker = useRef<DatePicker>(null);
  const [hours, setHours] = useState('');
  const [minutes, setMinutes] = useState('');
  const [details, setDetails] = useState('');
  const [albums, setAlbums] = useState<readonly RecordOption[]>([]);
  const [input, setInput] = useState('');
  // EXTENSIONS.md §8: the sides of each picked record (by id) and the time the spin started.
  const [sides, setSides] = useState<Record<string, PickedSides | undefined>>({});
  const [startTime, setStartTime] = useState<Date | null>(null);
  const [noSideOf, setNoSideOf] = useState('');

  // EXTENSIONS.md §9: a spin the server refused in the outbox, logged again. The form starts with
  // its values once; its records follow once the crate has told which are still in it (null
  // until then). Its sides are chosen as they were, and its time is kept until the user changes
  // the sides or records.
  const userId = useAppSelector(selectCurrentUserId);
  const retry = useFailedOutboxItem('spin');
  const [retrying, setRetrying] = useState<{
    item: OutboxItem;
    leftOut: LeftOutRecord[] | null;
    sides: Record<string, string[]>;
  } | null>(null);
  const [keepTime, setKeepTime] = useState(false);
  if (retry.item && retrying?.item.clientId !== retry.item.clientId) {
    const values = spinFormOf(retry.item.body);
    setRetrying({ item: retry.item, leftOut: null, sides: values.sides });
    setDate(values.date);
    setHours(values.hours);
    setMinutes(values.minutes);
    setDetails(values.details);
    setStartTime(values.startTime);
    setAlbums([]);
    setKeepTime(true);
  }
  const retryItem = retrying?.item;
  useEffect(() => {
    if (!retryItem) return;
    let live = true;
    void spinRecordsStillInCrate(retryItem, userId).then(({ records, leftOut }) => {
      if (!live) return;
      setAlbums(recordOptions(records));
      setRetrying((known) => (known?.item === retryItem ? { ...known, leftOut } : known));
    });
    return () => {
      live = false;
    };
  }, [retryItem, userId]);
  const retrySides = retrying?.sides;

  // The newest records are offered at once; the records are cleared on leaving (PRODUCT.md §4).
  useEffect(() => {
    dispatch(searchPickerRecords(''));
    return () => {
      dispatch(clearRecords());
    };
  }, [dispatch]);

  const options = useMemo(() => recordOptions(picker.records), [picker.records]);

  // Each change of the typed text asks the server (after the saga's 1 s delay); react-select
  // empties the text when the menu closes, which brings the newest records back.
  const lastAsked = useRef('');
  const onInputChange = (value: string) => {
    setInput(value);
    if (value.trim() === lastAsked.current) return;
    lastAsked.current = value.trim();
    dispatch(searchPickerRecords(value.trim()));
  };

  // Spin it: pick the record named in the query (once only, so the user may take it out
  // again), from the records the store knows or looked up by id.
  const [searchParams] = useSearchParams();
  const wanted = Number(searchParams.get('record'));
  const wantedValid = Number.isInteger(wanted) && wanted > 0;
  const wantedRecord = useAppSelector((state) =>
    wantedValid ? selectKnownRecord(state, wanted) : undefined,
  );
  const [prepicked, setPrepicked] = useState(false);
  const [lookedUp, setLookedUp] = useState(false);
  useEffect(() => {
    if (!wantedValid || wantedRecord || lookedUp) return;
    setLookedUp(true);
    dispatch(fetchRecord({ recordId: wanted }));
  }, [wantedValid, wantedRecord, lookedUp, wanted, dispatch]);
  if (wantedRecord && !prepicked) {
    setPrepicked(true);
    setAlbums(recordOptions([wantedRecord]));
  }

  // The sides of each newly picked record are asked once; all of them are chosen at first.
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const option of albums) {
      if (asked.current.has(option.value)) continue;
      asked.current.add(option.value);
      fetchRecordSides(option.value).then(
        (found) => {
          // A refused spin's record: the sides it had chosen, when they are still its sides.
          const kept = retrySides?.[option.value]?.filter((letter) => found.some((s) => s.side === letter));
          const chosen = kept && kept.length > 0 ? kept : found.map((s) => s.side);
          setSides((known) => ({ ...known, [option.value]: { sides: found, chosen } }));
        },
        // No chips for this record when its sides cannot be read; the spin can still be added.
        () => setSides((known) => ({ ...known, [option.value]: { sides: [], chosen: [] } })),
      );
    }
  }, [albums, retrySides]);

  // Picking sides fills hours and minutes (each time the chosen sides' length changes; the
  // user may still change them afterwards).
  const seconds = chosenSeconds(albums.map((option) => sides[option.value]));
  const [filledFrom, setFilledFrom] = useState<number | null>(null);
  if (seconds !== filledFrom) {
    setFilledFrom(seconds);
    if (seconds !== null && !keepTime) {
      const time = hoursAndMinutes(seconds);
      setHours(time.hours);
      setMinutes(time.minutes);
    }
  }

  const toggleSide = (recordId: string, letter: string) => {
    const picked = sides[recordId];
    if (!picked) return;
    const chosen = picked.chosen.includes(letter)
      ? picked.chosen.filter((s) => s !== letter)
      : [...picked.chosen, letter];
    setSides({ ...sides, [recordId]: { ...picked, chosen } });
    setKeepTime(false);
    if (chosen.length > 0 && noSideOf === recordId) setNoSideOf('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (refusedDate) {
      // The focus goes to the refused date, its text and message in sight: the picker's
      // full-screen calendar, which it opens on focus, is kept closed (a click opens it).
      datePicker.current?.setFocus();
      datePicker.current?.setOpen(false, true);
      return;
    }
    if (!date || !isWholeNumber(hours) || !isWholeNumber(minutes) || !details.trim() || albums.length === 0) {
      void warnAttention(FILL_FORM_TEXT);
      return;
    }
    // A record with chips needs at least one side chosen (API.md "Field rules": sides).
    const sideless = albums.find((option) => {
      const picked = sides[option.value];
      return picked !== undefined && picked.sides.length > 0 && picked.chosen.length === 0;
    });
    if (sideless) {
      setNoSideOf(sideless.value);
      document.getElementById(`spin-sides-${sideless.value}`)?.querySelector('button')?.focus();
      return;
    }
    dispatch(
      postSpins(
        spinPayload({ date, hours, minutes, details, albums, sides, startTime }),
        // The refused spin it replaces leaves the outbox once this one is stored or queued.
        retrying?.item.clientId,
      ),
    );
    setDate(null);
    setTypedDate(null);
    setHours('');
    setMinutes('');
    setDetails('');
    setAlbums([]);
    setStartTime(null);
    navigate(paths.spins);
  };

  return (
    <Container className="py-4" style={{ maxWidth: 640 }}>
      <h1 className="text-center">add spin</h1>
      {retrying && (
        <div className="alert alert-warning" role="status">
          <p className="mb-0">
            Not sent: {retrying.item.error}. Change what needs changing, then log it again.
          </p>
          {retrying.leftOut === null ? (
            <p className="mb-0 mt-2">Checking which of its records are still in your crate…</p>
          ) : (
            retrying.leftOut.length > 0 && <p className="mb-0 mt-2">{leftOutText(retrying.leftOut)}</p>
          )}
        </div>
      )}
      {/* Busy while a refused spin is read from the outbox or its records are checked. */}
      <Form onSubmit={submit} aria-busy={retry.reading || retrying?.leftOut === null ? true : undefined}>
        <Form.Group className="mb-3">
          <Form.Label htmlFor="spin-date">Pick Date</Form.Label>
          <DatePicker
            ref={datePicker}
            id="spin-date"
            selected={date}
            // The picker took a date (typed or picked): it shows it again.
            onChange={(value: Date | null) => {
              setDate(value);
              setTypedDate(null);
            }}
            // A typed date after tomorrow is refused with a message, not silently replaced: its
            // text stays, and what the user types next is shown as typed until the picker takes
            // a date. (A day picked in the calendar comes here too, from a calendar cell.)
            onChangeRaw={(event) => {
              const target = event?.target;
              if (!(target instanceof HTMLInputElement)) return;
              if (dateBeyondTomorrow(target.value)) {
                setTypedDate(target.value);
                setDate(null);
              } else if (typedDate !== null) {
                setTypedDate(target.value);
              }
            }}
            // The text typed since a refusal, else the picked date (the picker's own text).
            value={typedDate ?? undefined}
            // Enter confirms or opens the calendar; it never submits the form half filled.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            withPortal
            shouldCloseOnSelect
            locale={enUS}
            dateFormat="MM/dd/yyyy"
            calendarStartDay={0}
            maxDate={latestSpinDate()}
            placeholderText="MM/DD/YYYY"
            autoComplete="off"
            className={refusedDate ? 'form-control is-invalid' : 'form-control'}
            wrapperClassName="spin-date-picker"
            aria-required="true"
            aria-invalid={refusedDate ? 'true' : undefined}
            aria-describedby={refusedDate ? 'spin-date-refused' : undefined}
          />
          {refusedDate && (
            <div id="spin-date-refused" className="invalid-feedback d-block" role="alert">
              {refusedDate} is after tomorrow: a spin can be dated {format(latestSpinDate(), 'MM/dd/yyyy')} at
              the latest.
            </div>
          )}
        </Form.Group>
        <Row xs={1} sm={2} className="g-3 mb-3">
          <Col>
            <Form.Group controlId="spin-hours">
              <Form.Label>Hours</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={0}
                max={SPIN_HOURS_MAX}
                step={1}
                value={hours}
                onChange={(event) => setHours(event.target.value)}
                aria-required="true"
              />
            </Form.Group>
          </Col>
          <Col>
            <Form.Group controlId="spin-minutes">
              <Form.Label>Minutes</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={0}
                max={59}
                step={1}
                value={minutes}
                onChange={(event) => setMinutes(event.target.value)}
                aria-required="true"
              />
            </Form.Group>
          </Col>
        </Row>
        <Form.Group controlId="spin-details" className="mb-3">
          <Form.Label>Spin Details</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            aria-required="true"
          />
        </Form.Group>
        <Form.Group className="mb-3">
          <Form.Label htmlFor="spin-records">Select Spun Records</Form.Label>
          <Select<RecordOption, true>
            inputId="spin-records"
            isMulti
            options={options}
            // The server has searched: every option it answered is shown.
            filterOption={null}
            inputValue={input}
            onInputChange={onInputChange}
            isLoading={picker.status === 'loading'}
            value={albums}
            onChange={(value: MultiValue<RecordOption>) => {
              setAlbums(value);
              setKeepTime(false);
            }}
            formatOptionLabel={(option, meta) =>
              meta.context === 'menu' ? (
                <span className="d-flex align-items-center gap-2">
                  {/* Decorative: the option's text names the record. Spincrate's own 250/500 px
                      thumbnail once the server has it (API.md "Covers served by Spincrate"). */}
                  <CoverImage
                    coverart={option.coverart}
                    cover={option.cover}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    decoding="async"
                    className="rounded flex-shrink-0 spin-picker-cover"
                  />
                  <span>{`${option.label} by ${option.artist}`}</span>
                </span>
              ) : (
                option.label
              )
            }
            placeholder="Search your records by title or artist..."
            noOptionsMessage={() => 'No records found'}
            aria-required="true"
            classNamePrefix="spin-records"
            styles={PICKER_STYLES}
          />
        </Form.Group>
        {albums.map((option) => {
          const picked = sides[option.value];
          if (!picked || picked.sides.length === 0) return null;
          const headingId = `spin-sides-${option.value}-label`;
          const missing = noSideOf === option.value && picked.chosen.length === 0;
          return (
            <div key={option.value} className="mb-3">
              <div id={headingId} className="form-label">
                Sides of {option.label}
              </div>
              <div
                id={`spin-sides-${option.value}`}
                role="group"
                aria-labelledby={headingId}
                aria-describedby={missing ? `spin-sides-${option.value}-missing` : undefined}
                className="spin-side-chips"
              >
                {picked.sides.map((side) => {
                  const on = picked.chosen.includes(side.side);
                  return (
                    <Button
                      key={side.side}
                      type="button"
                      size="sm"
                      variant={on ? 'primary' : 'outline-secondary'}
                      className="rounded-pill spin-side-chip"
                      aria-pressed={on}
                      onClick={() => toggleSide(option.value, side.side)}
                    >
                      Side {side.side}
                    </Button>
                  );
                })}
              </div>
              {missing && (
                <div
                  id={`spin-sides-${option.value}-missing`}
                  className="invalid-feedback d-block"
                  role="alert"
                >
                  Pick at least one side of {option.label}.
                </div>
              )}
            </div>
          );
        })}
        <Form.Group className="mb-3">
          <Form.Label htmlFor="spin-started-at">Started at</Form.Label>
          <DatePicker
            id="spin-started-at"
            selected={startTime}
            onChange={(value: Date | null) => setStartTime(value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            showTimeSelect
            showTimeSelectOnly
            timeIntervals={15}
            timeCaption="Time"
            locale={enUS}
            dateFormat="h:mm aa"
            placeholderText="Optional, e.g. 8:30 PM"
            isClearable
            clearButtonTitle="Clear the start time"
            autoComplete="off"
            className="form-control"
            wrapperClassName="spin-date-picker"
            aria-describedby="spin-started-at-help"
          />
          <Form.Text id="spin-started-at-help">
            The time the first track began on the picked date (optional).
          </Form.Text>
        </Form.Group>
        <Button type="submit" variant="primary">
          ADD SPIN
        </Button>
      </Form>
    </Container>
  );
}
