/** Theme (PRODUCT.md §3: light by default, kept across reloads) and runtime configuration. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { setConfig } from '../../lib/actions';
import type { ClientConfig } from '../../lib/types';

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'spincrate.theme';

/** The theme kept from the last visit, light when there is none. */
export function storedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: { theme: storedTheme() as Theme },
  reducers: {
    toggleTheme(state) {
      state.theme = state.theme === 'light' ? 'dark' : 'light';
    },
    setTheme(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
  },
});

export const { toggleTheme, setTheme } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

/** Defaults until GET /api/config answers. */
export const DEFAULT_CONFIG: ClientConfig = {
  chatbotUrl: '/chatbot-help.html',
  chatbotName: 'Crate Digger',
  creatorUsername: 'spincrate',
  imageUrl: '/sample-image.svg',
  version: 'v1.3.2',
};

const configSlice = createSlice({
  name: 'config',
  initialState: DEFAULT_CONFIG,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(setConfig, (_state, action) => action.payload);
  },
});

export const configReducer = configSlice.reducer;
