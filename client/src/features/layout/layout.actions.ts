/** The named actions of the app's frame: the theme (PRODUCT.md §4) and the runtime configuration. */
import { createAction } from '@reduxjs/toolkit';
import type { ClientConfig } from '@spincrate/contract';

/** TOGGLE_THEME: switch between light and dark. */
export const toggleTheme = createAction('TOGGLE_THEME');
export const fetchConfig = createAction('FETCH_CONFIG');
export const setConfig = createAction<ClientConfig>('SET_CONFIG');
