// Runs synchronously in <head> before the first paint, so a dark page never flashes white (and vice versa).
// Keep in step with src/lib/theme.ts: localStorage key "theme" holds "light" or "dark"; absent = follow the system.
(() => {
  let theme = null;
  try {
    theme = window.localStorage.getItem('theme');
  } catch {
    // Storage can be disabled by privacy settings: follow the system.
  }
  if (theme !== 'light' && theme !== 'dark') {
    const prefersDark =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
    theme = prefersDark ? 'dark' : 'light';
  }
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
})();
