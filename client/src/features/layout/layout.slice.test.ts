import { describe, expect, it } from 'vitest';
import {
  configReducer,
  DEFAULT_CONFIG,
  setConfig,
  THEME_STORAGE_KEY,
  themeReducer,
  toggleTheme,
} from './layout.slice';

describe('theme reducer', () => {
  it('starts light, and from the kept theme when there is one', () => {
    expect(themeReducer(undefined, { type: '@@init' })).toEqual({ theme: 'light' });
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(themeReducer(undefined, { type: '@@init' })).toEqual({ theme: 'dark' });
  });
  it('toggles between light and dark', () => {
    const dark = themeReducer({ theme: 'light' }, toggleTheme());
    expect(dark).toEqual({ theme: 'dark' });
    expect(themeReducer(dark, toggleTheme())).toEqual({ theme: 'light' });
  });
});

describe('config reducer', () => {
  it('takes the runtime configuration and keeps defaults for empty fields', () => {
    const state = configReducer(
      undefined,
      setConfig({
        chatbotUrl: '',
        chatbotName: 'Needle Drop',
        creatorUsername: 'dj',
        imageUrl: '',
        version: 'v1.3.2',
      }),
    );
    expect(state).toEqual({ ...DEFAULT_CONFIG, chatbotName: 'Needle Drop', creatorUsername: 'dj' });
  });
});
