/**
 * What is typed into the login and registration forms, shared by both (issue 26 item 5:
 * nothing typed may be lost when lazily loaded parts arrive).
 *
 * The registration screen is loaded on demand, and a navigation is a React transition: after
 * Login → Register the login form stays on screen until the registration screen's code has
 * arrived. What the user (or a password manager) types into its Username meanwhile used to
 * stay in the login form's own state and vanish when the registration form replaced it. Both
 * forms now read and write one draft: the Register (and home) button empties it as it is
 * pressed, so the next form starts empty as before, and whatever is typed from then on, into
 * whichever form is on screen, is what the next form shows.
 *
 * The draft lives in memory only, one per Redux store (a test's store starts empty), never
 * in the store's state or actions (no password in the failure log); it is cleared once a user
 * is signed in.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAppStore } from '@/app/hooks';
import { selectIsLoggedIn } from '@/entities/session/session';

/** The two fields of both forms. */
export interface CredentialsDraft {
  username: string;
  password: string;
}

interface DraftBox {
  value: CredentialsDraft;
  listeners: Set<() => void>;
}

const EMPTY: CredentialsDraft = { username: '', password: '' };
const drafts = new WeakMap<object, DraftBox>();

function boxOf(store: object): DraftBox {
  let box = drafts.get(store);
  if (!box) {
    box = { value: EMPTY, listeners: new Set() };
    drafts.set(store, box);
  }
  return box;
}

/**
 * The shared draft of the login and registration forms, and its setters. Changes render at
 * once (an external store's updates are synchronous), as a controlled input needs. Once a user
 * is signed in, the form that unmounts (its screen redirects) forgets the draft.
 * @returns the username and password typed so far, `setUsername`, `setPassword`, `clear`
 */
export function useCredentialsDraft(): CredentialsDraft & {
  setUsername(value: string): void;
  setPassword(value: string): void;
  /** Empties both fields (pressing Register or home: the next form starts empty). */
  clear(): void;
} {
  const store = useAppStore();
  const box = boxOf(store);
  const subscribe = useCallback(
    (listener: () => void) => {
      box.listeners.add(listener);
      return () => box.listeners.delete(listener);
    },
    [box],
  );
  const value = useSyncExternalStore(subscribe, () => box.value);
  const update = useCallback(
    (change: Partial<CredentialsDraft>) => {
      box.value = { ...box.value, ...change };
      for (const listener of [...box.listeners]) listener();
    },
    [box],
  );

  useEffect(
    () => () => {
      if (selectIsLoggedIn(store.getState())) box.value = EMPTY;
    },
    [store, box],
  );

  return {
    ...value,
    setUsername: useCallback((username: string) => update({ username }), [update]),
    setPassword: useCallback((password: string) => update({ password }), [update]),
    clear: useCallback(() => update(EMPTY), [update]),
  };
}
