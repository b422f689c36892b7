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
import { useCallback, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
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
/**
 * The focused field's id without its form's prefix (`username`, `password`) as its form went
 * away, for the form that replaces it in the same commit (then null again).
 */
let carriedFocus: string | null = null;

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
 *
 * The focus goes along too: when one form replaces the other while the user is typing in its
 * Username or Password (the registration screen's code arrived mid-word), the same field of the
 * new form takes the focus in the same commit, so the next keystroke lands in it instead of
 * on the page (the screen's heading, app/navigationFocus.ts, leaves a focused field alone).
 * @param idPrefix - the form's field id prefix (`login` → `login-username`, `login-password`)
 * @returns the username and password typed so far, `setUsername`, `setPassword`, `clear`
 */
export function useCredentialsDraft(idPrefix: string): CredentialsDraft & {
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

  // Layout effects: the leaving form's cleanup runs before its fields leave the document, the
  // arriving form's setup before the browser handles the next key.
  useLayoutEffect(() => {
    document.getElementById(`${idPrefix}-${carriedFocus}`)?.focus();
    carriedFocus = null;
    return () => {
      const focusedId = document.activeElement?.id ?? '';
      if (!focusedId.startsWith(`${idPrefix}-`)) return;
      carriedFocus = focusedId.slice(idPrefix.length + 1);
      // Only for a form mounted in this same commit, never for one shown later.
      queueMicrotask(() => (carriedFocus = null));
    };
  }, [idPrefix]);

  return {
    ...value,
    setUsername: useCallback((username: string) => update({ username }), [update]),
    setPassword: useCallback((password: string) => update({ password }), [update]),
    clear: useCallback(() => update(EMPTY), [update]),
  };
}
