/** Typed Redux hooks. */
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from '@/app/store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
/** The store itself, with its `loadSagas()` and `loadUserData()` (app/store.ts). */
export const useAppStore = useStore.withTypes<AppStore>();
