/**
 * Whose offline copy a screen's hook reads (EXTENSIONS.md §9): the signed-in user's id, for the
 * hooks of `entities/` that fall back on the copy outside a saga (they do not import the session
 * entity themselves).
 */
import { useAppSelector } from '@/app/hooks';
import { selectCurrentUserId } from '@/entities/session/session';

/** The signed-in user's id, or undefined when no one is signed in. */
export function useCopyUserId(): number | undefined {
  return useAppSelector(selectCurrentUserId);
}
