import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicPages as publicPageMeta } from '../config/public-pages.ts';
import { stubMatchMedia } from '../testing/match-media.ts';
import { mockApi, signedInAs, testUser } from '../testing/mock-api.ts';
import { renderApp } from '../testing/render-app.tsx';

const publicPages = [
  ['/tarifs-energie', "Tarifs de l'énergie"],
  ['/glossaire', 'Glossaire'],
  ['/faq', 'Questions fréquentes'],
  ['/optimisation-cja', 'Optimisation de la CJA'],
  ['/budgets-energie', 'Budgets énergie'],
  ['/controle-factures', 'Contrôle des factures'],
  ['/blog', 'Blog'],
  ['/blog/optimiser-cascade-tarifaire-multi-sites', 'Optimiser la cascade tarifaire multi-sites'],
  ['/about', 'À propos'],
  ['/contact', 'Contact'],
  ['/privacy', 'Politique de confidentialité'],
  ['/terms', "Conditions d'utilisation"],
  ['/security', 'Sécurité'],
] as const;

const mainHeading = () => screen.findByRole('heading', { level: 1 });

describe('public site', () => {
  it('the landing page shows the product, its value proposition and the free-trial call to action', async () => {
    renderApp('/');

    expect(await mainHeading()).toHaveTextContent('Pilote Énergie');
    const main = screen.getByRole('main');
    expect(within(main).getByText(/aide les entreprises/)).toBeInTheDocument();
    // Sign-up, then the trial page once signed in (issue 12, ADR 0029).
    expect(within(main).getByRole('link', { name: 'Essai gratuit, sans carte bancaire' })).toHaveAttribute(
      'href',
      '/login?signup=true&redirect=%2Fprivate%2Faccount%2Ftrial',
    );
    expect(within(main).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(document.title).toBe('Pilote Énergie · Tarifs gaz, optimisation de la CJA et contrôle des factures');
  });

  it('shows a signed-in visitor the way to the private area, and the trial page while on the free tier', async () => {
    mockApi(signedInAs(testUser));
    renderApp('/');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Mon espace' })).toHaveAttribute('href', '/private');
    expect(within(banner).queryByRole('link', { name: 'Se connecter' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Essai gratuit' })).toHaveAttribute(
      'href',
      '/private/account/trial',
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Essai gratuit, sans carte bancaire' })).toHaveAttribute(
      'href',
      '/private/account/trial',
    );
  });

  it('offers no trial to a signed-in visitor who already has a plan', async () => {
    mockApi(signedInAs({ ...testUser, tier: 'premium' }));
    renderApp('/faq');
    await mainHeading();
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Mon espace' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Essai gratuit' })).not.toBeInTheDocument();
  });

  it.each(publicPages)('%s shows its title inside the shared header and footer', async (path, title) => {
    renderApp(path);

    expect(await mainHeading()).toHaveTextContent(title);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/login',
    );
    const footer = screen.getByRole('contentinfo');
    for (const href of ['/privacy', '/terms', '/security', '/contact', '/about']) {
      expect(
        within(footer)
          .getAllByRole('link')
          .some((link) => link.getAttribute('href') === href),
      ).toBe(true);
    }
    expect(document.title).toBe(`${title} · Pilote Énergie`);
  });

  it.each(Object.values(publicPageMeta))(
    '$path has its description, canonical link and Open Graph tags',
    async (page) => {
      renderApp(page.path);
      expect(await mainHeading()).toHaveTextContent(page.title);
      const head = document.head;
      const descriptions = head.querySelectorAll('meta[name="description"]');
      expect(descriptions).toHaveLength(1);
      expect(descriptions[0]).toHaveAttribute('content', page.description);
      expect(head.querySelector('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `https://pilote-energie.fr${page.path}`,
      );
      expect(head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', document.title);
      expect(head.querySelector('meta[property="og:url"]')).toHaveAttribute(
        'content',
        `https://pilote-energie.fr${page.path}`,
      );
      expect(
        screen.queryByText(/en cours de rédaction|Cette page (présentera|expliquera|décrira)/),
      ).not.toBeInTheDocument();
    },
  );

  it.each(['/nimporte-quoi', '/blog/article-inconnu', '/tarifs-energie/sous-page'])(
    '%s shows the not-found page with a link home',
    async (path) => {
      renderApp(path);

      expect(await mainHeading()).toHaveTextContent('Page introuvable');
      expect(within(screen.getByRole('main')).getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute(
        'href',
        '/',
      );
    },
  );

  it.each([
    ['/login', 'Connexion'],
    ['/login?signup=true', 'Créer un compte'],
    ['/login?mode=forgot-password', 'Mot de passe oublié'],
  ])('%s is registered', async (path, title) => {
    mockApi();
    renderApp(path);
    expect(await mainHeading()).toHaveTextContent(title);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});

describe('navigation', () => {
  it('scrolls to the top and focuses <main> after a navigation, not on the first load', async () => {
    const { user } = renderApp('/');
    await mainHeading();
    expect(screen.getByRole('main')).not.toHaveFocus();
    expect(window.scrollTo).not.toHaveBeenCalled();

    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    await user.click(within(nav).getByRole('link', { name: 'FAQ' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Questions fréquentes' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
  });

  it('the skip link is the first stop and jumps to <main>', async () => {
    const { user } = renderApp('/faq');
    await mainHeading();

    await user.tab();
    const skipLink = screen.getByRole('link', { name: 'Aller au contenu' });
    expect(skipLink).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('the mobile menu opens, closes and closes itself after choosing a page', async () => {
    const { user } = renderApp('/');
    await mainHeading();

    const toggle = screen.getByRole('button', { name: 'Ouvrir le menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Navigation principale (mobile)' });
    await user.click(within(menu).getByRole('link', { name: 'Blog' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ouvrir le menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the mobile menu from one of its links and gives the focus back to its button', async () => {
    const { user } = renderApp('/');
    await mainHeading();
    const toggle = screen.getByRole('button', { name: 'Ouvrir le menu' });
    await user.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Navigation principale (mobile)' });
    within(menu).getByRole('link', { name: 'Tarifs' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Ouvrir le menu');
    expect(toggle).toHaveFocus();
  });
});

describe('theme', () => {
  it('follows the system until toggled, then remembers the choice across a reload', async () => {
    stubMatchMedia(false);
    const first = renderApp('/');
    const toggle = await screen.findByRole('button', { name: /thème/i });
    expect(toggle).toHaveAttribute('title', 'Thème : système (clair)');
    expect(toggle).toHaveAttribute('data-theme-preference', 'system');
    expect(document.documentElement).not.toHaveClass('dark');

    await first.user.click(toggle);

    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(toggle).toHaveAttribute('title', 'Thème : sombre');

    first.unmount();
    document.documentElement.className = '';
    renderApp('/');
    const afterReload = await screen.findByRole('button', { name: 'Basculer le thème' });
    expect(afterReload).toHaveAttribute('title', 'Thème : sombre');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('follows a system change while no choice is saved', async () => {
    const media = stubMatchMedia(false);
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Basculer le thème' });

    media.setPrefersDark(true);

    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(toggle).toHaveAttribute('title', 'Thème : système (sombre)');
  });
});
