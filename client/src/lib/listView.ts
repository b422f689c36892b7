/**
 * What a collection screen shows, kept where it survives a reload or a shared link and a
 * visit to a record (EXTENSIONS.md §1): the sort and search in the URL query
 * (`?sort=artist_asc&search=blue`), and whether the user is coming back from a record
 * opened in the grid (then the loaded list stays and the grid's scroll place is restored).
 */
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SORT_PARAMS, sortFromParam, type SortKey, DEFAULT_SORT } from './sort';

/**
 * The sort and search of the page's URL query, and setters that write them back (the
 * screen shows a change at once; the URL follows, replacing the history entry).
 */
export function useListQuery() {
  const [params, setParams] = useSearchParams();
  const [sort, setSortState] = useState<SortKey>(() => sortFromParam(params.get('sort')));
  const [search, setSearchState] = useState(() => params.get('search')?.trim() ?? '');
  const write = useCallback(
    (next: { sort?: SortKey; search?: string }) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          const nextSort = next.sort ?? sortFromParam(current.get('sort'));
          const nextSearch = next.search ?? current.get('search') ?? '';
          if (nextSort === DEFAULT_SORT) out.delete('sort');
          else out.set('sort', SORT_PARAMS[nextSort]);
          if (nextSearch) out.set('search', nextSearch);
          else out.delete('search');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setSort = useCallback(
    (key: SortKey) => {
      setSortState(key);
      write({ sort: key });
    },
    [write],
  );
  const setSearch = useCallback(
    (text: string) => {
      setSearchState(text);
      write({ search: text });
    },
    [write],
  );
  return { sort, search, setSort, setSearch };
}

/** Lists the user left by opening one of their records (key: the screen's place key). */
const opened = new Set<string>();
/** The URL query each list had when a record was opened from it. */
const queries = new Map<string, string>();

/** Called when a record is opened from the grid: the list, its query and its place are kept. */
export function markRecordOpened(placeKey: string): void {
  opened.add(placeKey);
  queries.set(placeKey, window.location.search);
}

/**
 * The URL query (`?sort=…&search=…`, or "") a list had when a record was last opened from
 * it, for the record's Back link.
 */
export function keptQuery(placeKey: string): string {
  return queries.get(placeKey) ?? '';
}

/**
 * Whether the screen is shown again after one of its records was opened (Back); true once.
 * @param placeKey - the screen's key (e.g. "own", "friend:5")
 */
export function consumeReturn(placeKey: string): boolean {
  return opened.delete(placeKey);
}

/**
 * The `consumeReturn` answer of a screen's first render, stable for its life.
 * @param placeKey - the screen's key
 * @param leaving - read at unmount: true when a record was just opened (keep the list)
 */
export function useReturning(placeKey: string): { returning: boolean; leavingToRecord: () => boolean } {
  const [returning] = useState(() => consumeReturn(placeKey));
  const leavingToRecord = useCallback(() => opened.has(placeKey), [placeKey]);
  return { returning, leavingToRecord };
}
