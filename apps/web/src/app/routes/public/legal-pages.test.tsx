import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';

beforeAll(async () => {
  await Promise.all(['/controle-factures', '/terms', '/privacy', '/faq'].map((path) => preloadRoute(path)));
});

/** The text of the page's main area once its title is shown. */
async function pageText(path: string, title: RegExp): Promise<string> {
  mockApi();
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return screen.getByRole('main').textContent ?? '';
}

// Issue #21 §5: the public and legal pages describe what the product does today.
describe('the public and legal pages tell the truth', () => {
  it('/controle-factures says the invoice audit is open, in the private area', async () => {
    const text = await pageText('/controle-factures', /factures/i);
    expect(text).not.toMatch(/pas encore ouvert|Ouverture prochaine|fonctionnera/);
    expect(text).toContain("L'audit est ouvert dans l'espace client");
  });

  it('/terms describes mandates as available, and the signature at its eIDAS level', async () => {
    const text = await pageText('/terms', /conditions/i);
    expect(text).not.toMatch(/lorsqu'ils seront ouverts|lorsqu'ils ouvriront/);
    expect(text).toContain('signature électronique simple au sens du règlement eIDAS (ni avancée, ni qualifiée)');
  });

  it('/privacy covers mandates as open, the assistant (and its outside model) and bug-report screenshots', async () => {
    const text = await pageText('/privacy', /confidentialité/i);
    expect(text).not.toMatch(/lorsqu'ils ouvriront|lorsqu'ils seront ouverts/);
    expect(screen.getByRole('heading', { level: 2, name: "L'assistant" })).toBeInTheDocument();
    expect(text).toContain('configurée avec un modèle de langage externe');
    expect(text).toContain('dernière simulation et votre dernière optimisation');
    expect(
      screen.getByRole('heading', { level: 2, name: "Les rapports de bug et leurs captures d'écran" }),
    ).toBeInTheDocument();
    expect(text).toContain("ne sont vus que par l'équipe support et les administrateurs");
    expect(text).toContain('Aucune suppression automatique');
  });

  it('/faq says what the mandate signature is under eIDAS', async () => {
    const text = await pageText('/faq', /questions/i);
    expect(text).toContain('signature électronique simple au sens du règlement eIDAS : ni avancée, ni qualifiée');
  });
});
