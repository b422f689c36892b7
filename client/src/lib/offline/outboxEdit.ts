/**
 * Editing a refused outbox item (EXTENSIONS.md §9; issue 24 item 6: "a 400 marks the item failed
 * with an edit link"): the spins page's "Edit and log it again" and the wantlist's "Edit and add
 * it again" open the add form with `?outbox={clientId}`; the form starts filled with the item's
 * values. Submitting it sends a new write (a fresh `clientId`) that names the item it replaces;
 * the saga removes the failed item once the new one is stored or queued
 * (lib/offline/queue.ts `dropReplacedItem`). Until then the failed item stays in the outbox,
 * so leaving the form loses nothing; a failed item is never sent again, so nothing is sent twice.
 *
 * The query parameter, not the navigation's state: a reload of the form fills it again (from
 * IndexedDB when the store does not hold the outbox yet).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectCurrentUserId } from '@/entities/session/session';
import type { OutboxItem, OutboxKind } from './db';
import { loadOutbox } from './queue';
import { selectOutbox, setOutbox } from './state';

/** The add form's query parameter naming the failed outbox item to edit (its `clientId`). */
const OUTBOX_EDIT_PARAM = 'outbox';

/**
 * The add form's address that opens it filled with a failed outbox item (EXTENSIONS.md §9).
 * @param addPath - the add form's path (`paths.addSpin`, `paths.addWant`)
 * @param clientId - the failed item's `clientId`
 */
export function outboxEditPath(addPath: string, clientId: string): string {
  return `${addPath}?${new URLSearchParams({ [OUTBOX_EDIT_PARAM]: clientId }).toString()}`;
}

/** What {@link useFailedOutboxItem} found. */
interface FailedOutboxItem {
  /** The failed item named by `?outbox=`, of the form's kind; undefined when none (yet). */
  item: OutboxItem | undefined;
  /** The outbox is still being read for the named item (after a reload of the form). */
  reading: boolean;
}

/**
 * The failed outbox item of `kind` that the add form's `?outbox={clientId}` names
 * (EXTENSIONS.md §9): from the store's outbox, else read once from the offline copy (a reload of
 * the form: the store learns the outbox only at the first flush). An item that is waiting, of
 * another kind or gone (sent, discarded, replaced already) is not returned: the form starts
 * empty then.
 */
export function useFailedOutboxItem(kind: OutboxKind): FailedOutboxItem {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const clientId = searchParams.get(OUTBOX_EDIT_PARAM);
  const userId = useAppSelector(selectCurrentUserId);
  const item = useAppSelector(selectOutbox).find(
    (candidate) =>
      candidate.clientId === clientId && candidate.kind === kind && candidate.status === 'failed',
  );
  // The clientId the offline copy was read for.
  const [readFor, setReadFor] = useState<string | null>(null);
  const mustRead =
    clientId !== null && item === undefined && userId !== undefined && typeof indexedDB !== 'undefined';

  useEffect(() => {
    if (!mustRead || userId === undefined || readFor === clientId) return;
    let live = true;
    loadOutbox()
      .then((outbox) => outbox.readOutbox(userId))
      .then(
        (items) => {
          if (live && items.some((stored) => stored.clientId === clientId)) dispatch(setOutbox(items));
        },
        // No offline copy to read: the form starts empty.
        () => undefined,
      )
      .finally(() => {
        if (live) setReadFor(clientId);
      });
    return () => {
      live = false;
    };
  }, [mustRead, readFor, clientId, userId, dispatch]);

  return { item, reading: mustRead && readFor !== clientId };
}
