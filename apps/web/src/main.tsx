import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from './app/providers/theme-provider.tsx';
import { AppRouter } from './app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html must contain <div id="root">.');
}

// index.html carries the landing's title and description for clients without JavaScript; each page renders its own
// (React 19 hoists <title>, <meta> and <link> into <head>), so the static ones go to avoid duplicates.
for (const element of document.head.querySelectorAll('[data-static-head]')) {
  element.remove();
}

// Only the theme is provided here: the query client and the toaster are loaded with sign-in and the private area
// (app/layouts/app-services-layout.tsx), so the public pages stay small.
createRoot(container).render(
  <StrictMode>
    <ThemeProvider>
      <AppRouter />
    </ThemeProvider>
  </StrictMode>,
);
