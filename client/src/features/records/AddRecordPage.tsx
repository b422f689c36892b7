/**
 * Add to crate, /user/add (PRODUCT.md §2 "Add to crate", §5 add record): artist, title
 * and mood required. After the server has stored the record the success notice shows
 * and the app goes back to the collection; on failure the form stays filled in.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Container } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { postRecord } from './records.actions';
import { fetchMood } from '../../lib/crate';
import { FILL_FORM_TEXT, warnAttention } from '../../lib/alerts';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectRecordSaveStatus } from './records.slice';
import { paths } from '../../lib/paths';
import RecordForm, { EMPTY_RECORD_FORM, parseYear, type RecordFormValues } from './RecordForm';

/** The add record screen. */
export default function AddRecordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useAppSelector(selectRecordSaveStatus);
  const [values, setValues] = useState<RecordFormValues>(EMPTY_RECORD_FORM);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    dispatch(fetchMood());
  }, [dispatch]);

  useEffect(() => {
    if (submitted && save === 'succeeded') navigate(paths.profile);
  }, [submitted, save, navigate]);

  const busy = submitted && save === 'loading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const artist = values.artist.trim();
    const title = values.title.trim();
    const year = parseYear(values.year);
    if (!artist || !title || !values.mood || year === undefined) {
      void warnAttention(FILL_FORM_TEXT);
      return;
    }
    setSubmitted(true);
    dispatch(
      postRecord({
        artist,
        title,
        mood: Number(values.mood),
        details: values.details.trim(),
        ...(year === null ? {} : { year }),
      }),
    );
  };

  return (
    <Container className="py-4" style={{ maxWidth: 640 }}>
      <h1>Add to crate</h1>
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
