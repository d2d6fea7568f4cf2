import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import {
  applyTheme,
  getSystemTheme,
  getToggledTheme,
  readThemePreference,
  resolveTheme,
  saveThemePreference,
  subscribeToStoredPreference,
  subscribeToSystemTheme,
  type ThemePreference,
} from '../../lib/theme.ts';
import { ThemeContext, type ThemeContextValue } from './theme-context.ts';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readThemePreference);
  const [systemTheme, setSystemTheme] = useState(getSystemTheme);
  const resolvedTheme = resolveTheme(preference, systemTheme);

  useEffect(() => subscribeToSystemTheme(setSystemTheme), []);
  // Another tab toggled the theme: follow it.
  useEffect(() => subscribeToStoredPreference(setPreferenceState), []);

  useLayoutEffect(() => {
    applyTheme(resolvedTheme);
  }, [resolvedTheme]);

  const setPreference = useCallback((next: ThemePreference) => {
    saveThemePreference(next);
    setPreferenceState(next);
  }, []);

  const toggleTheme = useCallback(() => {
    setPreference(getToggledTheme(resolvedTheme));
  }, [resolvedTheme, setPreference]);

  const value = useMemo<ThemeContextValue>(
    () => ({ preference, resolvedTheme, setPreference, toggleTheme }),
    [preference, resolvedTheme, setPreference, toggleTheme],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
