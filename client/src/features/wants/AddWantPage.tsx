/**
 * Add a want, /wants/add (EXTENSIONS.md §6): a form like add record, without a mood: artist,
 * title, year, barcode (typed digits), priority, max price and notes. After the server has
 * stored the want the app goes back to the wantlist; on failure the form stays filled in.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Container } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { paths } from '@/lib/paths';
import { postWant, resetWantSave } from './wants.actions';
import { selectWantSaveError, selectWantSaveStatus } from './wants.slice';
import { emptyWantForm, wantBodyOf, WantForm, type WantFormValues } from './WantParts';

/** The add a want screen. */
export default function AddWantPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useAppSelector(selectWantSaveStatus);
  const saveError = useAppSelector(selectWantSaveError);
  const [values, setValues] = useState<WantFormValues>(emptyWantForm);
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    dispatch(resetWantSave());
  }, [dispatch]);

  useEffect(() => {
    if (submitted && save === 'succeeded') navigate(paths.wants);
  }, [submitted, save, navigate]);

  const busy = submitted && save === 'loading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = wantBodyOf(values);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    setSubmitted(true);
    const { body } = parsed;
    dispatch(
      postWant({
        artist: body.artist,
        title: body.title,
        priority: body.priority,
        ...(body.year === null ? {} : { year: body.year }),
        ...(body.barcode === null ? {} : { barcode: body.barcode }),
        ...(body.max_price === null ? {} : { max_price: body.max_price }),
        ...(body.notes === null ? {} : { notes: body.notes }),
      }),
    );
  };

  const message = problem ?? (submitted && save === 'failed' ? saveError : null);

  return (
    <Container className="py-4" style={{ maxWidth: 640 }}>
      <h1>Add a want</h1>
      {message && (
        <Alert variant="danger" role="alert">
          {message}
        </Alert>
      )}
      <WantForm values={values} onChange={setValues} onSubmit={submit} idPrefix="add-want">
        <Button type="submit" variant="primary" disabled={busy}>
          ADD WANT
        </Button>
        <Link to={paths.wants} className="btn btn-outline-secondary">
          Back to wantlist
        </Link>
      </WantForm>
    </Container>
  );
}
