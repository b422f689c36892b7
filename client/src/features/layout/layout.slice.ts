/** Theme (PRODUCT.md §3: light by default, kept across reloads) and runtime configuration. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClientConfig } from '@spincrate/contract';
import { BOOT_STORAGE_KEYS } from '@spincrate/contract/bootPage';

export type Theme = 'light' | 'dark';
/** localStorage key of the theme (the contract's; public/theme-init.js and public/chatbot-help.js read it too). */
export const THEME_STORAGE_KEY = BOOT_STORAGE_KEYS.theme;

/** The theme kept from the last visit, light when there is none (or storage is unavailable). */
function storedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

interface ThemeState {
  theme: Theme;
}

const themeSlice = createSlice({
  name: 'theme',
  // Lazy: every new store (a reload, a test) reads the stored theme again.
  initialState: (): ThemeState => ({ theme: storedTheme() }),
  reducers: {
    /** Switch between light and dark (the navbar's theme button). */
    toggleTheme: (state) => {
      state.theme = state.theme === 'light' ? 'dark' : 'light';
    },
  },
});

export const { toggleTheme } = themeSlice.actions;
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
  reducers: {
    /**
     * The runtime configuration (GET /api/config, or the page's boot block): a missing or
     * empty field keeps its default (e.g. no CHATBOT_URL → the local help page).
     */
    setConfig: (state, action: PayloadAction<ClientConfig>) => {
      const next = { ...state };
      for (const key of Object.keys(DEFAULT_CONFIG) as Array<keyof ClientConfig>) {
        const value = action.payload?.[key];
        if (typeof value === 'string' && value.trim() !== '') next[key] = value;
      }
      return next;
    },
  },
});

export const { setConfig } = configSlice.actions;
export const configReducer = configSlice.reducer;
