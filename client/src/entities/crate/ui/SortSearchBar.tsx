/**
 * The sort radio group and the search box of the own and the friend collection
 * (PRODUCT.md §2, §4 "Collection search", §5 empty search warning). On a phone (below
 * 576 px) the radios are one "Sort" select with the same options (EXTENSIONS.md §11).
 */
import { memo, useId, useState, type FormEvent } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import './SortSearchBar.css';
import { SEARCH_EMPTY_TEXT, warnAttention } from '@/lib/alerts';
import { PHONE_QUERY, useMediaQuery } from '@/lib/media';
import { SORT_OPTIONS } from '@/entities/crate/sort';
import { SEARCH_MAX_LENGTH, recordSortOf, type RecordSort } from '@spincrate/contract';
import { countOf } from '@/lib/plural';

/** The search box placeholder (PRODUCT.md §2). */
const SEARCH_PLACEHOLDER = 'Search by Album, Artist, Tags, or Mood...';
/** The longest search the server accepts (API.md field rules). */
/**
 * Sort options and search. The search text and whether a search is active are kept
 * here: SEARCH shows when text is entered and no search is active, CLEAR after a
 * search; editing the text while searching returns to not searching; CLEAR calls
 * `onClear` and empties the text (so does emptying the box after a search). An empty
 * search warns and calls nothing.
 * @param sort - the chosen sort option
 * @param onSortChange - called with the new option
 * @param onSearch - called with the trimmed, non-empty search text
 * @param onClear - called to reload the full list
 * @param options - the sorts offered (default: every sort of the crate, SORT_OPTIONS)
 * Memoised: a screen's re-render for its URL query skips it when its props are unchanged.
 */
export default memo(function SortSearchBar({
  sort,
  onSortChange,
  onSearch,
  onClear,
  initialSearch = '',
  count,
  options = SORT_OPTIONS,
}: {
  /** The search the screen starts with (from the URL query): shown with CLEAR. */
  initialSearch?: string;
  /** How many records the crate or the search holds: "{n} records", "1 record" (EXTENSIONS.md §1, §11). */
  count?: number;
  /** API.md's `sort` name of the chosen option. */
  sort: RecordSort;
  onSortChange: (sort: RecordSort) => void;
  onSearch: (text: string) => void;
  onClear: () => void;
  /** The sorts offered, in order (a shared crate leaves out the ones its answers can't sort by). */
  options?: ReadonlyArray<{ sort: RecordSort; label: string }>;
}) {
  const id = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  const [text, setText] = useState(initialSearch);
  const [searching, setSearching] = useState(initialSearch !== '');
  // True while the list shows search results (also after the text was edited).
  const [filtered, setFiltered] = useState(initialSearch !== '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (searching) return; // the results are already shown; CLEAR is the way back
    const search = text.trim();
    if (!search) {
      void warnAttention(SEARCH_EMPTY_TEXT);
      return;
    }
    // The request first: React's render of these state changes runs before any work
    // queued after them (issue 11: search → results ≤ 300 ms).
    onSearch(search);
    setSearching(true);
    setFiltered(true);
  };

  const clear = () => {
    onClear();
    setSearching(false);
    setFiltered(false);
    setText('');
  };

  const edit = (value: string) => {
    setText(value);
    setSearching(false);
    // Emptying the box after a search brings the whole list back, as CLEAR does.
    if (filtered && value.trim() === '') {
      setFiltered(false);
      onClear();
    }
  };

  return (
    <div className="d-flex flex-column gap-2 mb-3">
      {phone ? (
        // EXTENSIONS.md §11: on a phone one "Sort" select, with the same options and labels.
        <div className="d-flex align-items-center gap-2">
          <Form.Label htmlFor={`${id}-sort`} className="mb-0">
            Sort
          </Form.Label>
          <Form.Select
            id={`${id}-sort`}
            value={sort}
            onChange={(event) => onSortChange(recordSortOf(event.target.value))}
          >
            {options.map((option) => (
              <option key={option.sort} value={option.sort}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </div>
      ) : (
        <fieldset>
          <legend className="visually-hidden">Sort records</legend>
          <div className="d-flex flex-wrap column-gap-3">
            {options.map((option) => (
              <Form.Check
                key={option.sort}
                type="radio"
                inline
                className="me-0"
                id={`${id}-sort-${option.sort}`}
                name={`${id}-sort`}
                value={option.sort}
                label={option.label}
                checked={sort === option.sort}
                onChange={() => onSortChange(option.sort)}
              />
            ))}
          </div>
        </fieldset>
      )}
      {count !== undefined && (
        <p className="mb-0" aria-live="polite">
          {countOf(count, 'record')}
        </p>
      )}
      <Form onSubmit={submit} role="search">
        <InputGroup>
          <Form.Control
            type="search"
            className="crate-search"
            aria-label="Search records"
            placeholder={SEARCH_PLACEHOLDER}
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            onChange={(event) => edit(event.target.value)}
          />
          {searching ? (
            <Button type="button" variant="outline-secondary" onClick={clear}>
              CLEAR
            </Button>
          ) : (
            text !== '' && (
              <Button type="submit" variant="primary">
                SEARCH
              </Button>
            )
          )}
        </InputGroup>
      </Form>
    </div>
  );
});
