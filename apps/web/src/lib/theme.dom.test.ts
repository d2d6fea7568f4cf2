import { describe, expect, it } from 'vitest';
import themeInitScript from '../../public/theme-init.js?raw';
import { stubMatchMedia } from '../testing/match-media.ts';
import {
  applyTheme,
  describeTheme,
  getSystemTheme,
  getToggledTheme,
  readThemePreference,
  resolveTheme,
  saveThemePreference,
  subscribeToSystemTheme,
  THEME_STORAGE_KEY,
} from './theme.ts';

describe('theme preference', () => {
  it('follows the system when nothing (or garbage) is stored', () => {
    expect(readThemePreference()).toBe('system');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemePreference()).toBe('system');
  });

  it('saves an explicit choice under "theme" and clears it for "system"', () => {
    saveThemePreference('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(readThemePreference()).toBe('dark');
    saveThemePreference('system');
    expect(window.localStorage.getItem('theme')).toBeNull();
  });

  it('resolves "system" with the media query', () => {
    stubMatchMedia(true);
    expect(getSystemTheme()).toBe('dark');
    expect(resolveTheme('system')).toBe('dark');
    expect(resolveTheme('light')).toBe('light');
    expect(resolveTheme('system', 'light')).toBe('light');
  });

  it('toggles to the opposite of what is shown', () => {
    expect(getToggledTheme('light')).toBe('dark');
    expect(getToggledTheme('dark')).toBe('light');
  });

  it('reports system changes', () => {
    const media = stubMatchMedia(false);
    const seen: string[] = [];
    const unsubscribe = subscribeToSystemTheme((theme) => seen.push(theme));
    media.setPrefersDark(true);
    unsubscribe();
    media.setPrefersDark(false);
    expect(seen).toEqual(['dark']);
  });

  it('describes the state, marking when it follows the system', () => {
    expect(describeTheme('system', 'light')).toBe('Thème : système (clair)');
    expect(describeTheme('system', 'dark')).toBe('Thème : système (sombre)');
    expect(describeTheme('dark', 'dark')).toBe('Thème : sombre');
  });

  it('applies the class and color-scheme to <html>', () => {
    applyTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('light');
  });
});

describe('public/theme-init.js (runs before the first paint)', () => {
  // The test runs the very file the browser loads.
  const runThemeInit = () => new Function(themeInitScript)();

  it.each([
    { stored: null, prefersDark: false, expected: 'light' },
    { stored: null, prefersDark: true, expected: 'dark' },
    { stored: 'dark', prefersDark: false, expected: 'dark' },
    { stored: 'light', prefersDark: true, expected: 'light' },
    { stored: 'bogus', prefersDark: true, expected: 'dark' },
  ])('stored $stored, system dark $prefersDark → $expected', ({ stored, prefersDark, expected }) => {
    if (stored) {
      window.localStorage.setItem('theme', stored);
    }
    stubMatchMedia(prefersDark);
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(expected === 'dark');
    expect(document.documentElement.style.colorScheme).toBe(expected);
    // Same answer as the app's own logic.
    expect(resolveTheme(readThemePreference())).toBe(expected);
  });
});
