/**
 * The list behaviour of the own and a friend's collection (PRODUCT.md §2, EXTENSIONS.md §1),
 * once: the sort and search of the URL query, the first page of that list on arrival (Back
 * from a record finds the same list in the store: the saga then only revalidates its first
 * page, and a 304 keeps every loaded page), the records cleared when leaving except to open
 * one of them, the sort, search and folder handlers, the next page as the grid's end comes
 * near, and whether a search is active.
 */
import { useCallback, useEffect } from 'react';
import { searchActive, type RecordSort } from '@spincrate/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { clearRecords, selectRecordsList } from '@/entities/crate/crate';
import { markRecordOpened, useListHandlers, useListQuery, useReturning } from '@/entities/crate/listView';
import {
  fetchFriendsRecords,
  fetchFriendsRecordsNextPage,
  fetchRecords,
  fetchRecordsNextPage,
  searchFriendsRecords,
  searchRecords,
} from './records.actions';
import { selectRecordsLoaded, selectRecordsPending } from './recordList.slice';

/**
 * One collection screen's list.
 * @param owner - 'own', or the friend's user id
 * @param folder - the folder shown (the own crate's `?folder=`; '' for all, or a friend's crate)
 * @param setFolder - writes the folder into the URL (the own crate only)
 * @returns the store's list (`list`, `loaded`, `pending`), the URL's `sort` and `search`,
 *   `searched` (a search or folder narrows the list), the grid's place (`placeKey`,
 *   `returning`, `openRecord`) and the handlers of the sort/search bar, the folder select and the grid's end
 */
export function useCrateList(owner: 'own' | number, folder = '', setFolder?: (folder: string) => void) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectRecordsList);
  const loaded = useAppSelector(selectRecordsLoaded);
  const pending = useAppSelector(selectRecordsPending);
  const listQuery = useListQuery(!pending);
  const { sort, search } = listQuery;
  const placeKey = owner === 'own' ? 'own' : `friend:${owner}`;
  const { returning, leavingToRecord } = useReturning(placeKey);

  const load = useCallback(
    (inSort: RecordSort, text: string, inFolder: string) => {
      const searched = searchActive({ search: text });
      if (owner === 'own')
        dispatch(searched ? searchRecords(text, inSort, inFolder) : fetchRecords(inSort, inFolder));
      else
        dispatch(
          searched
            ? searchFriendsRecords({ search: text, friend_id: owner, sort: inSort })
            : fetchFriendsRecords(owner, inSort),
        );
    },
    [dispatch, owner],
  );
  // The first page of the URL's list on arrival (and for another friend); Back from a record
  // revalidates the kept pages (the saga).
  useEffect(() => {
    load(sort, search, folder);
    return () => {
      if (!leavingToRecord()) dispatch(clearRecords());
    };
    // Only on arrival and leaving: later sorts and searches are dispatched by their handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owner, dispatch]);

  const handlers = useListHandlers(load, listQuery, folder, setFolder);
  const onEndReached = useCallback(
    () => dispatch(owner === 'own' ? fetchRecordsNextPage() : fetchFriendsRecordsNextPage(owner)),
    [dispatch, owner],
  );
  const openRecord = useCallback(() => markRecordOpened(placeKey), [placeKey]);

  return {
    list,
    loaded,
    pending,
    sort,
    search,
    searched: searchActive({ search, folder }),
    placeKey,
    returning,
    openRecord,
    onEndReached,
    ...handlers,
  };
}
