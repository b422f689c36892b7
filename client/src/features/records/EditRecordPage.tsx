/**
 * Edit record, /user/edit/{id} (PRODUCT.md §2 "Edit record", §5 edit record): artist,
 * title and details prefilled, the mood chosen again; all four required. After the
 * server has saved, the app goes to the record's details.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Container } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { editRecord } from './records.actions';
import { fetchMood, fetchRecord, selectKnownRecord, selectRecordLookup } from '@/entities/crate/crate';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectRecordSaveStatus } from './recordSave.slice';
import { paths } from '@/lib/paths';
import type { CrateRecord } from '@spincrate/contract';
import RecordForm, { parseYear, readyToSend, type RecordFormValues } from './RecordForm';
import { collectionBody, collectionOfRecord, rememberCurrency } from './CollectionDetailsFields';

function EditForm({ record }: { record: CrateRecord }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useAppSelector(selectRecordSaveStatus);
  // Prefilled once from the record; the mood is not (PRODUCT.md §5: it must be chosen again).
  const [values, setValues] = useState<RecordFormValues>({
    artist: record.artist,
    title: record.title,
    mood: '',
    details: record.details ?? '',
    year: record.year ? String(record.year) : '',
    collection: collectionOfRecord(record),
  });
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (submitted && save === 'succeeded') navigate(paths.recordDetails(record.id));
  }, [submitted, save, navigate, record.id]);

  const busy = submitted && save === 'loading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const artist = values.artist.trim();
    const title = values.title.trim();
    const details = values.details.trim();
    const year = parseYear(values.year);
    const collection = collectionBody(values.collection);
    if (
      !readyToSend(artist !== '' && title !== '' && values.mood !== '' && details !== '', year, collection) ||
      !collection
    )
      return;
    if (collection.price) rememberCurrency(collection.price.currency);
    setSubmitted(true);
    // Every collection detail is sent: an emptied one is cleared (null).
    dispatch(
      editRecord({ id: record.id, artist, title, mood: Number(values.mood), details, year, ...collection }),
    );
  };

  return (
    <RecordForm values={values} onChange={setValues} onSubmit={submit} detailsRequired>
      <Button type="submit" variant="primary" disabled={busy}>
        EDIT RECORD
      </Button>
    </RecordForm>
  );
}

/** The edit record screen. */
export default function EditRecordPage() {
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const record = useAppSelector((state) => selectKnownRecord(state, id));
  const lookup = useAppSelector(selectRecordLookup);
  const loaded = lookup.recordId === id && (lookup.status === 'succeeded' || lookup.status === 'failed');
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    dispatch(fetchMood());
  }, [dispatch]);

  // Opened directly (a reload, a link): the loaded pages may not hold the record: look it up.
  useEffect(() => {
    if (record || requested) return;
    setRequested(true);
    dispatch(fetchRecord({ recordId: id }));
  }, [record, requested, id, dispatch]);

  const back = (
    <Link to={paths.recordDetails(id)} className="btn btn-outline-secondary mb-3">
      Back
    </Link>
  );

  if (!record) {
    return (
      <Container className="py-4">
        {back}
        {requested && loaded ? (
          <p role="alert">This record could not be found.</p>
        ) : (
          <p role="status">Loading...</p>
        )}
      </Container>
    );
  }

  return (
    <Container className="py-4" style={{ maxWidth: 640 }}>
      {back}
      <h1 className="text-break">edit {record.title} details</h1>
      <EditForm key={record.id} record={record} />
    </Container>
  );
}
