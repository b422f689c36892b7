/**
 * The wantlist, /wants (EXTENSIONS.md §6): the caller's wants as cards (cover, title, artist,
 * year, priority as 1–3 dots, max price), sorted by priority by default, with a search box and
 * the sort radios Newest, Priority, Artist, Album. "Add a want" opens the add form; a card
 * opens the want.
 */
import OfflineChip from '@/lib/components/OfflineChip';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Container, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { SEARCH_MAX_LENGTH, WANT_SCREEN_DEFAULT_SORT, type WantSort } from '@spincrate/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths } from '@/lib/paths';
import { fetchWants } from './wants.actions';
import { selectWants, selectWantsStatus } from './wants.slice';
import { WantCard } from './WantParts';
import OutboxWants from './OutboxWants';
import './wants.css';

/** The sort radios, in EXTENSIONS.md §6's order. */
const SORT_OPTIONS: Array<{ sort: WantSort; label: string }> = [
  { sort: 'newest', label: 'Newest' },
  { sort: 'priority', label: 'Priority' },
  { sort: 'artist_asc', label: 'Artist' },
  { sort: 'title_asc', label: 'Album' },
];

/** The wantlist screen. */
export default function WantsPage() {
  const dispatch = useAppDispatch();
  const wants = useAppSelector(selectWants);
  const status = useAppSelector(selectWantsStatus);
  const [sort, setSort] = useState<WantSort>(WANT_SCREEN_DEFAULT_SORT);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    dispatch(fetchWants({ sort, search }));
  }, [dispatch, sort, search]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };

  return (
    <Container className="py-4">
      <h1>Wantlist</h1>
      <OfflineChip screen="wants" />
      <OutboxWants />
      <div className="my-3">
        <Link to={paths.addWant} className="btn btn-primary">
          Add a want
        </Link>
      </div>
      <Form
        role="search"
        onSubmit={submitSearch}
        className="d-flex flex-wrap gap-2 mb-3"
        aria-label="Search wants"
      >
        <Form.Label htmlFor="want-search" className="visually-hidden">
          Search wants
        </Form.Label>
        <Form.Control
          id="want-search"
          type="search"
          placeholder="Search wants"
          value={typed}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setTyped(e.target.value)}
          style={{ maxWidth: 320 }}
        />
        <Button type="submit" variant="outline-primary">
          Search
        </Button>
        {search && (
          <Button
            variant="outline-secondary"
            onClick={() => {
              setTyped('');
              setSearch('');
            }}
          >
            Clear
          </Button>
        )}
      </Form>
      <fieldset className="mb-3">
        <legend className="fs-6">Sort by</legend>
        {SORT_OPTIONS.map((option) => (
          <Form.Check
            key={option.sort}
            inline
            type="radio"
            name="want-sort"
            id={`want-sort-${option.sort}`}
            label={option.label}
            checked={sort === option.sort}
            onChange={() => setSort(option.sort)}
          />
        ))}
      </fieldset>
      {status === 'succeeded' && wants.length === 0 && (
        <p role="status">{search ? 'No wants match your search.' : 'Your wantlist is empty.'}</p>
      )}
      {status === 'failed' && <p role="alert">The wantlist could not be loaded. Try again in a moment.</p>}
      <ul
        className="list-unstyled want-grid d-grid gap-2"
        aria-label="Your wants"
        aria-busy={status === 'loading'}
      >
        {wants.map((want) => (
          <WantCard key={want.id} want={want} href={paths.wantDetails(want.id)} />
        ))}
      </ul>
    </Container>
  );
}
