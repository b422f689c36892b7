/**
 * What a collection screen shows, kept where it survives a reload or a shared link and a
 * visit to a record (EXTENSIONS.md §1): the sort and search in the URL query
 * (`?sort=artist_asc&search=blue`), and whether the user is coming back from a record
 * opened in the grid (then the loaded list stays and the grid's scroll place is restored).
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_RECORD_SORT, recordSortOf, type RecordSort } from '@spincrate/contract';
import { afterPaint } from '@/lib/afterPaint';

/** A new sort or search starts at its first records: a page scrolled down goes back to the top. */
function toTop(): void {
  if (window.scrollY > 0) window.scrollTo(0, 0);
}

/**
 * The sort and search of the page's URL query, and setters for them (a change scrolls the
 * page back to the top, where the new list's first records are). The screen shows a
 * change at once; the URL follows (replacing the history entry) once `settled`, i.e. when
 * the list of the new sort or search is shown (after its first paint): writing the URL re-renders the whole route
 * (react-router navigates, in a transition), which would otherwise compete with the new
 * list's request and cards for the main thread (issue 11's re-sort target).
 * @param settled - true when no list is on its way (the URL is written then)
 */
export function useListQuery(settled = true) {
  const [params, setParams] = useSearchParams();
  const [sort, setSort] = useState<RecordSort>(() => recordSortOf(params.get('sort')));
  const [search, setSearch] = useState(() => params.get('search')?.trim() ?? '');
  const inUrl = recordSortOf(params.get('sort')) === sort && (params.get('search')?.trim() ?? '') === search;
  useEffect(() => {
    if (!settled || inUrl) return undefined;
    const write = () =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (sort === DEFAULT_RECORD_SORT) out.delete('sort');
          else out.set('sort', sort);
          if (search) out.set('search', search);
          else out.delete('search');
          return out;
        },
        { replace: true },
      );
    // After the next paint: the new cards are on the screen first.
    return afterPaint(write);
  }, [settled, inUrl, sort, search, setParams]);
  const changeSort = useCallback((next: RecordSort) => {
    toTop();
    setSort(next);
  }, []);
  const changeSearch = useCallback((text: string) => {
    toTop();
    setSearch(text);
  }, []);
  return { sort, search, setSort: changeSort, setSearch: changeSearch };
}

/**
 * The handlers of a list screen's sort radios, search box and folder select (EXTENSIONS.md
 * §1, §5): each asks for the new list first (`load`), then the screen and the URL follow
 * while it is on its way.
 * @param load - asks for the first page of a list: sort, search text ('' for none), folder ('' for all)
 * @param query - the screen's `useListQuery()`
 * @param folder - the folder shown ('' for all, or a screen without folders)
 * @param setFolder - writes the folder into the URL (a screen without folders passes none)
 */
export function useListHandlers(
  load: (sort: RecordSort, search: string, folder: string) => void,
  query: Pick<ReturnType<typeof useListQuery>, 'sort' | 'search' | 'setSort' | 'setSearch'>,
  folder = '',
  setFolder?: (folder: string) => void,
) {
  const { sort, search, setSort, setSearch } = query;
  const onSortChange = useCallback(
    (next: RecordSort) => {
      load(next, search, folder);
      setSort(next);
    },
    [load, search, folder, setSort],
  );
  const onSearch = useCallback(
    (text: string) => {
      load(sort, text, folder);
      setSearch(text);
    },
    [load, sort, folder, setSearch],
  );
  const onClear = useCallback(() => {
    load(sort, '', folder);
    setSearch('');
  }, [load, sort, folder, setSearch]);
  const onFolderChange = useCallback(
    (value: string) => {
      load(sort, search, value);
      setFolder?.(value);
    },
    [load, sort, search, setFolder],
  );
  return { onSortChange, onSearch, onClear, onFolderChange };
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
function consumeReturn(placeKey: string): boolean {
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
