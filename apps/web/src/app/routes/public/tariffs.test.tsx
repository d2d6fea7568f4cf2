import { inlineText, parseInline, tariffBillLines, tariffValueStatuses } from '@pilote/content';
import { snapshotAt } from '@pilote/tariffs';
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  currentTariffValues,
  formatParameterValue,
  statusText,
  todayIsoDate,
} from '../../../features/tariffs/current-values.ts';
import { formatDate } from '../../../lib/format.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';

beforeAll(() =>
  preloadRoute(
    '/tarifs-energie',
    () => import('../../../features/tariff-data/components/public-tariff-calendar.tsx'),
    () => import('../../../features/tariffs/components/tariff-values.tsx'),
  ),
);

describe('/tarifs-energie shows the engine’s values', () => {
  it('lists every parameter of the registry with the value, date, status and sources of snapshotAt(today)', async () => {
    const { container } = renderApp('/tarifs-energie');
    await screen.findByRole('heading', { level: 1, name: "Tarifs de l'énergie" });
    const today = todayIsoDate();
    expect(
      screen.getByRole('heading', { level: 2, name: `Les valeurs en vigueur au ${formatDate(today, 'long')}` }),
    ).toBeInTheDocument();

    // The tables come in their own chunk; then open the folded tables of coefficients (rendered on demand).
    await screen.findAllByRole('table');
    for (const details of container.querySelectorAll('details')) {
      details.open = true;
      fireEvent(details, new Event('toggle'));
    }
    await screen.findAllByRole('table', { name: /coefficients de capacité mensuelle/ });

    const engine = snapshotAt(today);
    expect(engine.length).toBeGreaterThan(0);
    const rows = container.querySelectorAll('tr[data-parameter-id]');
    expect(rows).toHaveLength(engine.length);

    for (const parameter of engine) {
      const row = container.querySelector<HTMLTableRowElement>(`tr[data-parameter-id="${parameter.id}"]`);
      expect(row, parameter.id).not.toBeNull();
      if (!row) {
        continue;
      }
      // The exact number of the engine, and its display.
      expect(row.dataset.value, parameter.id).toBe(parameter.value === null ? '' : String(parameter.value));
      const cell = (name: string) => row.querySelector<HTMLElement>(`[data-cell="${name}"]`);
      if (parameter.value === null) {
        expect(cell('value')).toHaveTextContent(/^Non disponible/);
        expect(cell('status')).toHaveTextContent('Grille non intégrée');
      } else {
        expect(cell('value')?.textContent).toBe(formatParameterValue(parameter.value, parameter.unit));
        expect(cell('from')).toHaveTextContent(formatDate(parameter.from));
        // « Estimation (source secondaire) », « Estimation (formule de la délibération 2024-40) »… (ADR 0050)
        expect(cell('status')?.textContent).toBe(statusText(parameter.status ?? 'official', parameter.basis));
      }
      expect(row.querySelector('th[scope="row"]')).toHaveTextContent(parameter.description);
      const links = [...(cell('sources')?.querySelectorAll('a') ?? [])];
      expect(links.map((link) => link.getAttribute('href'))).toEqual(parameter.sources.map((source) => source.url));
    }
  });

  it('marks estimates as estimates and gives the last known value of a grid that ended', () => {
    const values = currentTariffValues('2026-11-21');
    const tcs = values.find((value) => value.id === 'atrt8.tcs');
    const engineTcs = snapshotAt('2026-11-21').find((value) => value.id === 'atrt8.tcs');
    expect(tcs).toMatchObject({ value: engineTcs?.value, isEstimate: false, status: 'official' });
    expect(tcs?.display).toBe('127,80\u00a0€/MWh/j/an');
    // From 1 July 2026 the ATRD7 grid is an estimate: T1 observed in a secondary source, T4 derived by the formula of
    // délib. 2024-40 (ADR 0050); the CTA coefficient of 1 July 2026 was not found and is carried over.
    const t1Now = values.find((value) => value.id === 'atrd7.grdf.t1.abonnement');
    expect(t1Now).toMatchObject({ value: 57.48, isEstimate: true, status: 'estimate', basis: 'secondarySource' });
    expect(statusText('estimate', 'secondarySource')).toBe('Estimation (source secondaire)');
    const t4Now = values.find((value) => value.id === 'atrd7.grdf.t4.abonnement');
    expect(t4Now).toMatchObject({ value: 22973.52, basis: 'atrd7Formula' });
    expect(statusText('estimate', 'atrd7Formula')).toBe('Estimation (formule de la délibération 2024-40)');
    const cta = values.find((value) => value.id === 'cta.coefficient-proportionnalite');
    expect(cta).toMatchObject({ value: 0.8321, basis: 'carriedOver' });

    const t1 = currentTariffValues('2028-08-01').find((value) => value.id === 'atrd7.grdf.t1.abonnement');
    expect(t1?.value).toBeNull();
    expect(t1?.lastKnown).toEqual({ value: 57.48, from: '2027-07-01' });
  });

  it('explains each line of the bill with the shared texts of @pilote/content (the chatbot indexes the same)', async () => {
    const { container } = renderApp('/tarifs-energie');
    await screen.findByRole('heading', { level: 1, name: "Tarifs de l'énergie" });
    for (const line of tariffBillLines) {
      const item = container.querySelector(`li#${line.id}`);
      expect(item?.textContent, line.id).toBe(inlineText(parseInline(line.text)));
      expect(item?.querySelector('strong'), line.id).not.toBeNull();
    }
    expect(screen.getByText(/^Ces valeurs sont celles du moteur/).textContent).toBe(
      inlineText(parseInline(tariffValueStatuses.text)),
    );
  });

  it('formats each unit the French way', () => {
    expect(formatParameterValue(0.208, 'ratio')).toMatch(/^20,80\s%$/u);
    expect(formatParameterValue(2 / 3, 'coefficient')).toBe('0,6667');
    expect(formatParameterValue(500, 'MWh/j')).toBe('500\u00a0MWh/j');
    expect(formatParameterValue(21705.72, '€/an')).toBe('21\u202f705,72\u00a0€/an');
  });

  it('uses the local calendar day', () => {
    expect(todayIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
