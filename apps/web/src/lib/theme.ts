/**
 * Light/dark theme. The page follows the operating system until the user picks a theme with the toggle; the choice is
 * kept in localStorage under `theme` ('light' | 'dark'); no entry means "follow the system".
 * `public/theme-init.js` applies the same rules before the first paint: keep both in step.
 */

export type ResolvedTheme = 'light' | 'dark';
export type ThemePreference = ResolvedTheme | 'system';

export const THEME_STORAGE_KEY = 'theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function isResolvedTheme(value: unknown): value is ResolvedTheme {
  return value === 'light' || value === 'dark';
}

function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Access to localStorage throws when the browser blocks site data.
    return null;
  }
}

/** The saved preference, or 'system' when nothing (or something unexpected) is saved. */
export function readThemePreference(): ThemePreference {
  try {
    const stored = getStorage()?.getItem(THEME_STORAGE_KEY);
    return isResolvedTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Saves an explicit choice; 'system' removes the entry so the page follows the system again. */
export function saveThemePreference(preference: ThemePreference): void {
  const storage = getStorage();
  try {
    if (preference === 'system') {
      storage?.removeItem(THEME_STORAGE_KEY);
    } else {
      storage?.setItem(THEME_STORAGE_KEY, preference);
    }
  } catch {
    // Quota exceeded or storage disabled: the choice lasts until the page is closed.
  }
}

export function getSystemTheme(): ResolvedTheme {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') {
    return 'light';
  }
  return window.matchMedia(DARK_SCHEME_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(
  preference: ThemePreference,
  systemTheme: ResolvedTheme = getSystemTheme(),
): ResolvedTheme {
  return preference === 'system' ? systemTheme : preference;
}

/** The explicit theme a toggle switches to: always the opposite of what is shown. */
export function getToggledTheme(current: ResolvedTheme): ResolvedTheme {
  return current === 'dark' ? 'light' : 'dark';
}

/** Sets `class="dark"` and `color-scheme` on <html> (native controls and scrollbars follow). */
export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Calls `onChange` when the operating system switches between light and dark. Returns the unsubscribe function. */
export function subscribeToSystemTheme(onChange: (theme: ResolvedTheme) => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') {
    return () => {};
  }
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  const listener = (event: MediaQueryListEvent) => onChange(event.matches ? 'dark' : 'light');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** Calls `onChange` when another tab saves or clears the preference. Returns the unsubscribe function. */
export function subscribeToStoredPreference(onChange: (preference: ThemePreference) => void): () => void {
  if (typeof window === 'undefined') {
    return () => {};
  }
  const listener = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) {
      onChange(isResolvedTheme(event.newValue) ? event.newValue : 'system');
    }
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

const themeNames: Record<ResolvedTheme, string> = { light: 'clair', dark: 'sombre' };

/** Human label of the current state, e.g. "Thème : système (clair)" or "Thème : sombre". */
export function describeTheme(preference: ThemePreference, resolved: ResolvedTheme): string {
  return preference === 'system' ? `Thème : système (${themeNames[resolved]})` : `Thème : ${themeNames[resolved]}`;
}
