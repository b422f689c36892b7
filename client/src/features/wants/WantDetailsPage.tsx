/**
 * One want, /wants/{id} (EXTENSIONS.md §6): cover, title, artist, year, priority, max price,
 * notes; "{friend} owns it" with a link to that friend's record (`/api/want/{id}/owners`);
 * Edit, Delete, and **Got it**, which asks for the mood (and optionally condition, price,
 * purchase date and place), moves the want into the crate and opens the new record.
 * `?got=1` opens Got it at once (from the barcode screen's "On your wantlist").
 *
 * Without the server (EXTENSIONS.md §9) the want comes from the offline copy, as the wantlist
 * does, with the same chip "Offline copy · synced {time}"; friends' crates are not in the copy,
 * so the page says they can't be checked offline, and asks again once the server answers.
 */
import { defaultCurrency, rememberCurrency } from '@/lib/currency';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Container, Form } from 'react-bootstrap';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  amountToCents,
  CURRENCIES,
  MEDIA_GRADES,
  SLEEVE_GRADES,
  type GotWantBody,
} from '@spincrate/contract';
import { fetchMood } from '@/entities/crate/crate';
import MoodSelect from '@/entities/crate/ui/MoodSelect';
import { confirmDelete } from '@/lib/alerts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { isServerUnreachable, subscribeConnectivity } from '@/lib/connectivity';
import OfflineChip from '@/lib/components/OfflineChip';
import { selectShowsOfflineCopy } from '@/lib/offline/state';
import { paths } from '@/lib/paths';
import { fetchWantOwners, fetchWants, gotWant, putWant, removeWant } from './wants.actions';
import {
  resetWantSave,
  selectGotRecordId,
  selectWant,
  selectWantOwners,
  selectWantOwnersLookup,
  selectWantSaveError,
  selectWantSaveStatus,
  selectWantsStatus,
} from './wants.slice';
import { PriorityDots, priceText, wantBodyOf, WantForm, wantFormOf, type WantFormValues } from './WantParts';
import CoverImage from '@/lib/components/CoverImage';
import './wants.css';

/** PRODUCT.md-style confirmation text of a delete. */
const DELETE_WANT_TEXT = 'This want will be removed from your wantlist.';

/** The owners part while the look-up is on its way. */
const OWNERS_LOOKING_TEXT = "Looking at your friends' crates…";
/** The owners part while the server can't be reached: the copy holds no friend's crate (EXTENSIONS.md §9). */
const OWNERS_OFFLINE_TEXT = "Your friends' crates can't be checked offline.";
/** The owners part when the server answered the look-up with an error. */
const OWNERS_FAILED_TEXT = "Your friends' crates could not be checked. Try again in a moment.";

interface GotValues {
  mood: string;
  media: string;
  sleeve: string;
  amount: string;
  currency: string;
  purchasedOn: string;
  purchasedFrom: string;
}

const emptyGot = (): GotValues => ({
  mood: '',
  media: '',
  sleeve: '',
  amount: '',
  currency: defaultCurrency(),
  purchasedOn: '',
  purchasedFrom: '',
});

/** The Got it body, or a message naming what is missing or wrong. */
function gotBodyOf(values: GotValues): { body: GotWantBody } | { error: string } {
  if (!values.mood) return { error: 'Choose a mood for the record.' };
  const body: GotWantBody = { mood: Number(values.mood) };
  if (values.media) body.media_condition = values.media as GotWantBody['media_condition'];
  if (values.sleeve) body.sleeve_condition = values.sleeve as GotWantBody['sleeve_condition'];
  const amount = values.amount.trim();
  if (amount) {
    const currency = values.currency.trim().toUpperCase();
    if (amountToCents(amount) === null || !CURRENCIES.includes(currency)) {
      return { error: 'The price is an amount with at most 2 decimals and a currency code such as EUR.' };
    }
    body.price = { amount, currency };
  }
  if (values.purchasedOn) body.purchased_on = values.purchasedOn;
  if (values.purchasedFrom.trim()) body.purchased_from = values.purchasedFrom.trim();
  return { body };
}

/** The want details screen. */
export default function WantDetailsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const id = Number(useParams().id);
  const want = useAppSelector((state) => selectWant(state, id));
  const listStatus = useAppSelector(selectWantsStatus);
  const owners = useAppSelector((state) => selectWantOwners(state, id));
  const ownersLookup = useAppSelector((state) => selectWantOwnersLookup(state, id));
  // The want shown comes from the wantlist's state, which holds the offline copy's wants while
  // the wantlist's chip shows (the server answered neither in 3 s nor at all).
  const fromCopy = useAppSelector((state) => selectShowsOfflineCopy(state, 'wants'));
  const save = useAppSelector(selectWantSaveStatus);
  const saveError = useAppSelector(selectWantSaveError);
  const gotRecordId = useAppSelector(selectGotRecordId);
  const [mode, setMode] = useState<'view' | 'edit' | 'got'>(query.get('got') === '1' ? 'got' : 'view');
  const [editValues, setEditValues] = useState<WantFormValues | null>(null);
  const [gotValues, setGotValues] = useState<GotValues>(emptyGot);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<'edit' | 'delete' | 'got' | null>(null);

  const missing = !want;
  useEffect(() => {
    dispatch(resetWantSave());
    dispatch(fetchMood());
    dispatch(fetchWantOwners(id));
  }, [dispatch, id]);
  // Opened from a link (or the list on show was a search without it): the whole wantlist
  // is loaded to find the want.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (missing && !asked) {
      setAsked(true);
      dispatch(fetchWants({ sort: 'newest' }));
    }
  }, [missing, asked, dispatch]);

  // The owners look-up got no answer: asked again once the server can be reached.
  const ownersUnreachable = ownersLookup.status === 'failed' && ownersLookup.unreachable;
  useEffect(() => {
    if (!ownersUnreachable) return undefined;
    return subscribeConnectivity(() => {
      if (!isServerUnreachable()) dispatch(fetchWantOwners(id));
    });
  }, [ownersUnreachable, dispatch, id]);

  useEffect(() => {
    if (save !== 'succeeded' || pending === null) return;
    if (pending === 'got' && gotRecordId !== null) navigate(paths.recordDetails(gotRecordId));
    if (pending === 'delete') navigate(paths.wants);
    if (pending === 'edit') {
      setPending(null);
      setMode('view');
    }
  }, [save, pending, gotRecordId, navigate]);

  const busy = pending !== null && save === 'loading';
  const message = problem ?? (pending !== null && save === 'failed' ? saveError : null);

  if (!want) {
    return (
      <Container className="py-4">
        <h1>Want</h1>
        <OfflineChip screen="wants" />
        {!asked || listStatus === 'loading' || listStatus === 'idle' ? (
          <p role="status">Loading...</p>
        ) : (
          <p role="status">This want is not on your wantlist.</p>
        )}
        <Link to={paths.wants} className="btn btn-outline-secondary">
          Back to wantlist
        </Link>
      </Container>
    );
  }

  const onDelete = async () => {
    if (!(await confirmDelete(DELETE_WANT_TEXT))) return;
    setPending('delete');
    dispatch(removeWant(want.id));
  };

  const submitEdit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !editValues) return;
    const parsed = wantBodyOf(editValues);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    setPending('edit');
    dispatch(putWant({ id: want.id, ...parsed.body }));
  };

  const submitGot = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = gotBodyOf(gotValues);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    setPending('got');
    if (gotValues.amount.trim()) rememberCurrency(gotValues.currency);
    dispatch(gotWant({ id: want.id, body: parsed.body }));
  };

  const setGot =
    (field: keyof GotValues) =>
    (event: { target: { value: string } }): void =>
      setGotValues({ ...gotValues, [field]: event.target.value });

  return (
    <Container className="py-4" style={{ maxWidth: 720 }}>
      <OfflineChip screen="wants" />
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <CoverImage
          coverart={want.coverart}
          cover={want.cover}
          alt={`Cover of ${want.title}`}
          width={200}
          height={200}
          className="rounded want-details-cover"
        />
        <div className="min-w-0">
          <h1 className="text-break">{want.title}</h1>
          <p className="fs-5 text-break mb-1">{want.artist}</p>
          {want.year !== null && <p className="mb-1">{want.year}</p>}
          <p className="mb-1">
            <PriorityDots priority={want.priority} />
          </p>
          {want.max_price && <p className="mb-1">Up to {priceText(want.max_price)}</p>}
          {want.barcode && <p className="mb-1 small">Barcode {want.barcode}</p>}
          {want.notes && <p className="mb-1 text-break">{want.notes}</p>}
        </div>
      </div>

      <section aria-labelledby="owners-heading" className="my-3">
        <h2 id="owners-heading" className="h5">
          Friends who own it
        </h2>
        {owners === undefined ? (
          <p className="small">
            {ownersUnreachable || fromCopy
              ? OWNERS_OFFLINE_TEXT
              : ownersLookup.status === 'failed'
                ? OWNERS_FAILED_TEXT
                : OWNERS_LOOKING_TEXT}
          </p>
        ) : owners.length === 0 ? (
          <p className="small">None of your friends has it yet.</p>
        ) : (
          <ul className="mb-0">
            {owners.map((owner) => (
              <li key={owner.friend_id}>
                <Link to={paths.friendRecord(owner.friend_id, owner.record_id)}>
                  {owner.friend_username} owns it
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {message && (
        <Alert variant="danger" role="alert">
          {message}
        </Alert>
      )}

      {mode === 'view' && (
        <div className="d-flex flex-wrap gap-2 my-3">
          <Button
            variant="primary"
            onClick={() => {
              setProblem(null);
              setMode('got');
            }}
          >
            Got it
          </Button>
          <Button
            variant="outline-primary"
            onClick={() => {
              setProblem(null);
              setEditValues(wantFormOf(want));
              setMode('edit');
            }}
          >
            Edit
          </Button>
          <Button variant="outline-danger" onClick={() => void onDelete()} disabled={busy}>
            Delete
          </Button>
          <Link to={paths.wants} className="btn btn-outline-secondary">
            Back to wantlist
          </Link>
        </div>
      )}

      {mode === 'edit' && editValues && (
        <section aria-labelledby="edit-want-heading">
          <h2 id="edit-want-heading" className="h4">
            Edit want
          </h2>
          <WantForm values={editValues} onChange={setEditValues} onSubmit={submitEdit} idPrefix="edit-want">
            <Button type="submit" variant="primary" disabled={busy}>
              SAVE
            </Button>
            <Button variant="outline-secondary" onClick={() => setMode('view')}>
              Cancel
            </Button>
          </WantForm>
        </section>
      )}

      {mode === 'got' && (
        <section aria-labelledby="got-heading">
          <h2 id="got-heading" className="h4">
            Got it: move to your crate
          </h2>
          <Form noValidate onSubmit={submitGot} className="d-flex flex-column gap-3">
            <MoodSelect controlId="got-mood" value={gotValues.mood} onChange={setGot('mood')} />
            <Form.Group controlId="got-media">
              <Form.Label>Media condition (optional)</Form.Label>
              <Form.Select value={gotValues.media} onChange={setGot('media')}>
                <option value="">Not set</option>
                {MEDIA_GRADES.map((grade) => (
                  <option key={grade}>{grade}</option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId="got-sleeve">
              <Form.Label>Sleeve condition (optional)</Form.Label>
              <Form.Select value={gotValues.sleeve} onChange={setGot('sleeve')}>
                <option value="">Not set</option>
                {SLEEVE_GRADES.map((grade) => (
                  <option key={grade}>{grade}</option>
                ))}
              </Form.Select>
            </Form.Group>
            <fieldset className="d-flex gap-2 align-items-end flex-wrap">
              <legend className="fs-6 mb-1">Price paid (optional)</legend>
              <Form.Group controlId="got-amount">
                <Form.Label>Amount</Form.Label>
                <Form.Control
                  value={gotValues.amount}
                  onChange={setGot('amount')}
                  inputMode="decimal"
                  style={{ maxWidth: 140 }}
                />
              </Form.Group>
              <Form.Group controlId="got-currency">
                <Form.Label>Currency</Form.Label>
                <Form.Select value={gotValues.currency} onChange={setGot('currency')}>
                  {CURRENCIES.map((code) => (
                    <option key={code}>{code}</option>
                  ))}
                </Form.Select>
              </Form.Group>
            </fieldset>
            <Form.Group controlId="got-purchased-on">
              <Form.Label>Purchase date (optional)</Form.Label>
              <Form.Control type="date" value={gotValues.purchasedOn} onChange={setGot('purchasedOn')} />
            </Form.Group>
            <Form.Group controlId="got-purchased-from">
              <Form.Label>Bought from (optional)</Form.Label>
              <Form.Control
                value={gotValues.purchasedFrom}
                onChange={setGot('purchasedFrom')}
                maxLength={100}
              />
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="primary" disabled={busy}>
                Move to crate
              </Button>
              <Button variant="outline-secondary" onClick={() => setMode('view')}>
                Cancel
              </Button>
            </div>
          </Form>
        </section>
      )}
    </Container>
  );
}
