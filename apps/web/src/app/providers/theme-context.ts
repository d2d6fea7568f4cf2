import { createContext } from 'react';
import type { ResolvedTheme, ThemePreference } from '../../lib/theme.ts';

export type ThemeContextValue = {
  /** What the user chose; 'system' until they toggle. */
  preference: ThemePreference;
  /** What is shown. */
  resolvedTheme: ResolvedTheme;
  setPreference: (preference: ThemePreference) => void;
  /** Switches to the opposite of what is shown and remembers it. */
  toggleTheme: () => void;
};

export const ThemeContext = createContext<ThemeContextValue | null>(null);
