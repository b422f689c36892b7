/**
 * Add to crate, /user/add (PRODUCT.md §2 "Add to crate", §5 add record): artist, title
 * and mood required. After the server has stored the record the success notice shows
 * and the app goes back to the collection; on failure the form stays filled in.
 *
 * Above the form, "Scan barcode" (EXTENSIONS.md §4, BarcodeIntake.tsx): the pressings
 * found are listed, and picking one fills the form and keeps its barcode and release for
 * the add. Warnings say when the pressing, or another edition of it, is already in the
 * crate, and "On your wantlist" with a **Got it** button when the pressing is wanted
 * (EXTENSIONS.md §6; RecordLookup.tsx).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Container } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import type { Release } from '@spincrate/contract';
import { postRecord } from './records.actions';
import { fetchMood } from '@/entities/crate/crate';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectRecordSaveStatus } from './recordSave.slice';
import { paths } from '@/lib/paths';
import RecordForm, { emptyRecordForm, parseYear, readyToSend, type RecordFormValues } from './RecordForm';
import { collectionBody, rememberCurrency, setFieldsOf } from './CollectionDetailsFields';
import BarcodeIntake from './BarcodeIntake';
import { pressingDetails } from './RecordLookup';

/** The add record screen. */
export default function AddRecordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useAppSelector(selectRecordSaveStatus);
  const barcode = useAppSelector((state) => state.barcode);
  const [values, setValues] = useState<RecordFormValues>(emptyRecordForm);
  const [submitted, setSubmitted] = useState(false);
  const [picked, setPicked] = useState<Release | null>(null);

  useEffect(() => {
    dispatch(fetchMood());
  }, [dispatch]);

  useEffect(() => {
    if (submitted && save === 'succeeded') navigate(paths.profile);
  }, [submitted, save, navigate]);

  const busy = submitted && save === 'loading';

  const pick = (release: Release) => {
    setPicked(release);
    setValues({
      ...values,
      artist: release.artist,
      title: release.title,
      year: release.year === null ? '' : String(release.year),
      details: pressingDetails(release),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const artist = values.artist.trim();
    const title = values.title.trim();
    const year = parseYear(values.year);
    const collection = collectionBody(values.collection);
    if (!readyToSend(artist !== '' && title !== '' && values.mood !== '', year, collection) || !collection)
      return;
    if (collection.price) rememberCurrency(collection.price.currency);
    // The barcode goes with the add when a pressing was picked, or when none was found for it.
    const nothingFound = barcode.status === 'succeeded' && barcode.releases.length === 0;
    const fromBarcode =
      barcode.code && (picked || nothingFound)
        ? { barcode: barcode.code, ...(picked ? { mb_release_id: picked.mb_release_id } : {}) }
        : {};
    setSubmitted(true);
    dispatch(
      postRecord({
        artist,
        title,
        mood: Number(values.mood),
        details: values.details.trim(),
        ...(year === null ? {} : { year }),
        ...fromBarcode,
        ...setFieldsOf(collection),
      }),
    );
  };

  return (
    <Container className="py-4" style={{ maxWidth: 640 }}>
      <h1>Add to crate</h1>
      <BarcodeIntake picked={picked} onPick={pick} onUnpick={() => setPicked(null)} />
      <RecordForm values={values} onChange={setValues} onSubmit={submit} detailsRequired={false}>
        <Button type="submit" variant="primary" disabled={busy}>
          ADD RECORD
        </Button>
        <Link to={paths.profile} className="btn btn-outline-secondary">
          Back to Home
        </Link>
      </RecordForm>
    </Container>
  );
}
