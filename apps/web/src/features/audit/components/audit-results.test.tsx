/**
 * The audit results screen's new states (issue #25, ADR 0062): the headline never says « Aucune anomalie » when a
 * check was skipped; a doubtful reading, rows not read, « non vérifiable » lines and a possible duplicate are shown
 * for the user to check, with no letter; a CTA rate reads 21,93 %; an audit refused for quota can be launched again.
 */
import type { AuditDetail } from '@pilote/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWelcomeForTests } from '../../../app/layouts/private-layout.tsx';
import { mockApi, signedInAs } from '../../../testing/mock-api.ts';
import { resetSplashForTests } from '../../../testing/open-private.ts';
import { preloadRoute } from '../../../testing/preload-route.ts';
import { renderApp } from '../../../testing/render-app.tsx';

// The audit route's chunks are loaded once here, not inside the first test's 5 s (ADR 0082): run alone, the scan's
// review test paid them and passed the limit under the team's load.
beforeAll(() => preloadRoute('/private/gas/audit', () => import('./audit-page.tsx')));

beforeEach(() => {
  resetSplashForTests();
  resetWelcomeForTests();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const ID = '7d9e1f20-3a4b-4c5d-8e6f-0a1b2c3d4e5f';

function audit(report: Partial<NonNullable<AuditDetail['report']>>, patch: Partial<AuditDetail> = {}): AuditDetail {
  return {
    id: ID,
    filename: 'fevrier.pdf',
    format: 'pdf',
    review: null,
    sizeBytes: 1000,
    status: 'done',
    error: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    startedAt: '2026-11-23T10:00:01.000Z',
    finishedAt: '2026-11-23T10:00:03.000Z',
    anomalies: 0,
    alerts: 0,
    recoverableEuros: 0,
    invoice: {
      format: 'pdf',
      layout: 'fournisseur-pdf',
      supplier: 'Énergie Exemple SA',
      invoiceNumber: 'FG-2026-02-0117',
      issuedOn: '2026-03-06',
      point: { pointDeReseau: 'PITD', code: null, pce: '21400000000117' },
      tso: 'NaTran',
      period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
      tarif: 'T4',
      car: 15466.8,
      cja: 109,
      ntr: 2,
      consumptionMwh: 2043.755,
      lines: [
        {
          label: 'CTA part distribution',
          kind: 'ctaDistribution',
          quantity: 4424.81,
          quantityUnit: '€',
          unitPrice: 0.2193,
          unitPriceUnit: '%',
          prorata: null,
          amount: 970.36,
          period: null,
        },
        {
          label: 'Abonnement distribution',
          kind: 'abonnement',
          quantity: 1,
          quantityUnit: 'trimestre',
          unitPrice: 5426.43,
          unitPriceUnit: '€/trimestre',
          prorata: null,
          amount: 5426.43,
          period: null,
        },
      ],
      vat: [],
      totals: { totalHt: 6396.79, totalTva: 1279.36, totalTtc: 7676.15 },
    },
    report: {
      findings: [],
      checksRun: ['tcl', 'unitPrice', 'cta'],
      checksSkipped: [],
      readingProblems: [],
      unverifiableLines: [],
      possibleDuplicates: [],
      duplicateQualification: null,
      overBilledEuros: 0,
      underBilledEuros: 0,
      ...report,
    },
    warnings: [],
    found: [],
    ...patch,
  };
}

const ntrSkipped = {
  check: 'ntr',
  reason: 'Code du point (PITD) non imprimé sur la facture : NTR du point inconnu.',
};

describe('audit results — its site (issue #24 §2)', () => {
  it('names the site the audit is saved to, a link to its page, and offers another one', async () => {
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({ body: audit({}, { site: { id: 'site-11', name: 'Entrepôt 11' } }) }),
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    const site = await screen.findByTestId('audit-site');
    expect(within(site).getByRole('link', { name: 'Entrepôt 11' })).toHaveAttribute('href', '/private/sites/site-11');
    expect(within(site).getByRole('button', { name: 'Rattacher à un autre site' })).toBeInTheDocument();
  });

  it('without a site: no « Site : », the button to choose one', async () => {
    mockApi({ ...signedInAs(), [`GET /api/audits/${ID}/`]: () => ({ body: audit({}, { site: null }) }) });
    renderApp(`/private/gas/audit?audit=${ID}`);
    const site = await screen.findByTestId('audit-site');
    expect(site).not.toHaveTextContent('Site :');
    expect(within(site).getByRole('button', { name: 'Rattacher à un site existant' })).toBeInTheDocument();
  });
});

describe('audit results — safety gates (issue #25)', () => {
  it('a skipped check: the headline says which could not run and why, never « Aucune anomalie … sur cette facture »', async () => {
    mockApi({ ...signedInAs(), [`GET /api/audits/${ID}/`]: () => ({ body: audit({ checksSkipped: [ntrSkipped] }) }) });
    renderApp(`/private/gas/audit?audit=${ID}`);
    const headline = await screen.findByTestId('audit-headline');
    expect(headline).toHaveTextContent(
      'Aucune anomalie relevée par les 3 contrôles effectués ; 1 contrôle n’a pas pu être effectué :',
    );
    expect(headline).not.toHaveTextContent('sur cette facture');
    const skipped = screen.getByRole('list', { name: 'Contrôles non effectués' });
    expect(skipped).toHaveTextContent('Niveau de tarif régional (NTR) — Code du point (PITD) non imprimé');
    const checks = screen.getByRole('list', { name: 'Résultat de chaque contrôle' });
    expect(within(checks).getByText('Niveau de tarif régional (NTR)').parentElement).toHaveTextContent('Non effectué');
  });

  it('shows a CTA rate as 21,93 % and a « non vérifiable » line with its reason', async () => {
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({
        body: audit({
          unverifiableLines: [
            {
              lineIndex: 1,
              label: 'Abonnement distribution',
              reason: 'prix en « €/trimestre », unité non convertible en €/an',
            },
          ],
        }),
      }),
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    const table = await screen.findByRole('table', { name: 'Lignes de la facture' });
    const cta = within(table).getByRole('row', { name: /CTA part distribution/ });
    expect(cta).toHaveTextContent('21,93 %');
    expect(cta).not.toHaveTextContent('0,2193');
    const subscription = within(table).getByRole('row', { name: /Abonnement distribution/ });
    expect(within(subscription).getByTestId('line-unverifiable')).toHaveTextContent(
      'Non vérifiable : prix en « €/trimestre », unité non convertible en €/an',
    );
  });

  it('a doubtful reading: the problems are listed, no amount, no letter', async () => {
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({
        body: audit({
          checksRun: [],
          checksSkipped: [{ check: 'unitPrice', reason: 'Lecture à vérifier (1 incohérence entre les valeurs lues).' }],
          readingProblems: [
            {
              id: 'lecture:cja',
              field: 'cja',
              message: 'CJA lue 109 000 MWh/j, mais la ligne « TCS » porte 109 MWh/j.',
            },
          ],
        }),
      }),
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    expect(await screen.findByTestId('audit-headline')).toHaveTextContent(
      'Lecture à vérifier : aucun contrôle n’a été effectué, pour ne rien réclamer à tort.',
    );
    const problems = screen.getByRole('region', { name: 'Problèmes de lecture' });
    expect(problems).toHaveTextContent('CJA lue 109 000 MWh/j');
    expect(screen.queryByTestId('recoverable-total')).toBeNull();
    expect(screen.queryByRole('button', { name: /lettre de réclamation/ })).toBeNull();
  });

  it('an anomaly on an invoice with a row not read: the row is shown and the letter is not offered', async () => {
    const finding = {
      id: 'unitPrice:1',
      check: 'unitPrice',
      severity: 'anomalie' as const,
      title: 'Prix unitaire hors grille : Abonnement distribution',
      message: 'Facturé 22 000,00 €/an.',
      amountEuros: 24.52,
      rule: { id: 'atrd7.prix', label: 'Prix de la grille', legalReference: 'Délibération CRE', sources: [] },
      billed: { label: 'Prix unitaire facturé', value: 22000, unit: '€/an' },
      expected: { label: 'Prix unitaire de la grille', value: 21705.72, unit: '€/an' },
      lineIndex: 1,
      isEstimate: false,
    };
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({
        body: audit(
          { findings: [finding], overBilledEuros: 24.52 },
          {
            anomalies: 1,
            recoverableEuros: 24.52,
            warnings: ['Ligne du tableau non lue : « Terme fixe | de | 100,00 € ».'],
          },
        ),
      }),
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    const rows = await screen.findByRole('region', { name: 'Lignes de la facture non lues' });
    expect(rows).toHaveTextContent('Terme fixe | de | 100,00 €');
    expect(screen.queryByRole('button', { name: /lettre de réclamation/ })).toBeNull();
    expect(screen.getByText(/la lecture de la facture est à vérifier/)).toBeInTheDocument();
  });

  it('only under-billing: no letter (nothing to claim)', async () => {
    const finding = {
      id: 't4Bands:au-dela-absente',
      check: 't4Bands',
      severity: 'anomalie' as const,
      title: 'Tranche de capacité T4 au-delà du seuil non facturée',
      message: '100 MWh/j au-delà du seuil.',
      amountEuros: -1200,
      rule: { id: 'atrd7.t4-tranches', label: 'Tranches', legalReference: 'Délibération CRE', sources: [] },
      billed: { label: 'Capacité', value: 0, unit: 'MWh/j' },
      expected: { label: 'Capacité', value: 100, unit: 'MWh/j' },
      lineIndex: null,
      isEstimate: false,
    };
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({
        body: audit({ findings: [finding], underBilledEuros: 1200 }, { anomalies: 1 }),
      }),
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    expect(await screen.findByTestId('audit-headline')).toHaveTextContent('1 anomalie relevée sur cette facture.');
    expect(screen.queryByRole('button', { name: /lettre de réclamation/ })).toBeNull();
  });

  it('a possible duplicate is shown for the user to qualify, and the answer is sent', async () => {
    const withDuplicate = audit({
      possibleDuplicates: [
        { invoiceNumber: 'FG-2026-02-0117', period: { firstDay: '2026-02-01', lastDay: '2026-02-28' }, sharedDays: 28 },
      ],
    });
    const api = mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({ body: withDuplicate }),
      [`POST /api/audits/${ID}/duplicate-qualification`]: () => ({
        body: { ...withDuplicate, report: { ...withDuplicate.report, duplicateQualification: 'rectificative' } },
      }),
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    const box = await screen.findByRole('region', { name: 'Doublon ou facture rectificative possible' });
    expect(box).toHaveTextContent('La facture n° FG-2026-02-0117, déjà auditée, couvre 28 jours de cette période');
    expect(box).toHaveTextContent('Rien n’est réclamé à ce titre.');
    within(box)
      .getByRole('radio', { name: /Une facture rectificative/ })
      .click();
    expect(await within(box).findByRole('status')).toHaveTextContent('Réponse enregistrée : une facture rectificative');
    const sent = api.requests.find((request) => request.path.endsWith('/duplicate-qualification'));
    expect(sent?.body).toEqual({ qualification: 'rectificative' });
  });

  it('an audit refused for quota is not stuck: « Lancer l’audit » tells the quota, then starts once a unit is free', async () => {
    let starts = 0;
    let status: AuditDetail['status'] = 'uploaded';
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({
        body: {
          ...audit({}),
          status,
          invoice: null,
          report: null,
          anomalies: null,
          alerts: null,
          recoverableEuros: null,
        },
      }),
      [`POST /api/audits/${ID}/start/`]: () => {
        starts += 1;
        if (starts === 1) {
          return { status: 429, body: { error: 'Vous avez atteint la limite de 2 audits de factures ce mois-ci.' } };
        }
        status = 'queued';
        return { status: 202, body: { id: ID, status: 'queued' } };
      },
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    expect(await screen.findByText(/Non lancé : cet audit n’a pas démarré/)).toBeInTheDocument();
    expect(screen.queryByText(/se met à jour toute seule/)).toBeNull();
    screen.getByRole('button', { name: 'Lancer l’audit' }).click();
    expect(await screen.findByRole('alert')).toHaveTextContent('limite de 2 audits');
    screen.getByRole('button', { name: 'Lancer l’audit' }).click();
    await waitFor(() => expect(starts).toBe(2));
    expect(await screen.findByText(/En file d’attente — cette page se met à jour toute seule/)).toBeInTheDocument();
  });
});

describe('audit review step « À compléter » (issue #25 §6, ADR 0071)', () => {
  const waiting = (): AuditDetail => {
    const base = audit({});
    return {
      ...base,
      status: 'to_complete',
      report: null,
      invoice: base.invoice ? { ...base.invoice, cja: null, point: { ...base.invoice.point, code: null } } : null,
      review: {
        fields: [
          {
            field: 'cja',
            label: 'Capacité journalière souscrite (CJA)',
            reason: 'missing',
            message: 'La capacité journalière souscrite n’est pas imprimée sur la facture.',
            unit: 'MWh/j',
            read: null,
            suggested: null,
            suggestedFrom: null,
            candidates: [],
          },
          {
            field: 'ntr',
            label: 'Niveau de tarif régional (NTR) du point',
            reason: 'missing',
            message: 'Les PITD de Marseille ont des NTR différents.',
            unit: '',
            read: 2,
            suggested: 3,
            suggestedFrom: 'votre site « Entrepôt »',
            candidates: [
              { value: 1, label: 'NTR 1 — GI130001' },
              { value: 3, label: 'NTR 3 — GI130002' },
            ],
          },
        ],
        figuresAsked: false,
        confirmed: null,
        confirmedAt: null,
      },
    };
  };

  it('pre-fills from the GRDF data of a mandate and says so, demonstration data included (ADR 0076)', async () => {
    const from =
      'les données GRDF du mandat du PCE 21400000000016 (Données de démonstration, synchronisées le 26/11/2026)';
    const detail = waiting();
    const fields = detail.review?.fields ?? [];
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({
        body: {
          ...detail,
          review: detail.review && {
            ...detail.review,
            fields: fields.map((field) =>
              field.field === 'cja' ? { ...field, suggested: 412.5, suggestedFrom: from } : field,
            ),
          },
        },
      }),
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    const cja = await screen.findByLabelText('Capacité journalière souscrite (CJA) (MWh/j)');
    expect(cja).toHaveValue('412,500');
    expect(screen.getByText(`Proposée d’après ${from}.`)).toBeVisible();
  });

  it('shows what was read, asks the missing CJA (required, French number) and sends the confirmed values', async () => {
    const api = mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({ body: waiting() }),
      [`POST /api/audits/${ID}/review`]: () => ({ status: 202, body: { id: ID, status: 'queued' } }),
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    const cja = await screen.findByLabelText('Capacité journalière souscrite (CJA) (MWh/j)');
    expect(screen.getByText(/À compléter : la facture a été lue/)).toBeVisible();
    const read = screen.getByRole('region', { name: 'Ce qui a été lu' });
    expect(within(read).getByText('CJA').nextElementSibling).toHaveTextContent('—');
    // Pre-filled from the site, with its source; the candidates of the commune listed first.
    const ntr = screen.getByLabelText('Niveau de tarif régional (NTR) du point');
    expect(ntr).toHaveValue('3');
    expect(screen.getByText('Proposée d’après votre site « Entrepôt ».')).toBeVisible();
    expect(
      within(ntr)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .slice(1, 3),
    ).toEqual(['NTR 1 — GI130001', 'NTR 3 — GI130002']);

    const submit = screen.getByRole('button', { name: 'Confirmer et lancer les contrôles' });
    submit.click();
    expect(await screen.findByText('Valeur à compléter.')).toBeVisible();
    expect(api.requests.some((r) => r.path.endsWith('/review'))).toBe(false);

    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(cja, { target: { value: '109,5' } });
    submit.click();
    await waitFor(() =>
      expect(api.requests.find((r) => r.path.endsWith('/review'))?.body).toEqual({ cja: 109.5, ntr: 3 }),
    );
  });

  it('a refusal of the server (a viewer) is said in French', async () => {
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${ID}/`]: () => ({ body: waiting() }),
      [`POST /api/audits/${ID}/review`]: () => ({
        status: 403,
        body: {
          error: 'Votre rôle dans l’organisation (lecteur) ne permet pas de compléter un audit.',
          code: 'FORBIDDEN',
        },
      }),
    });
    renderApp(`/private/gas/audit?audit=${ID}`);
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(await screen.findByLabelText('Capacité journalière souscrite (CJA) (MWh/j)'), {
      target: { value: '109' },
    });
    screen.getByRole('button', { name: 'Confirmer et lancer les contrôles' }).click();
    expect(await screen.findByText(/ne permet pas de compléter un audit/)).toBeVisible();
  });
});

// The review step of a scan read by OCR: the image as uploaded beside the values read, each field « à confirmer ».
const SCAN_ID = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const OCR = 'Valeur lue par reconnaissance de caractères (OCR) sur le document numérisé : à confirmer.';

const scan: AuditDetail = {
  id: SCAN_ID,
  filename: 'facture-scannee.png',
  format: 'png',
  sizeBytes: 301370,
  status: 'to_complete',
  error: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  startedAt: '2026-11-23T10:00:01.000Z',
  finishedAt: '2026-11-23T10:00:09.000Z',
  anomalies: null,
  alerts: null,
  recoverableEuros: null,
  invoice: {
    format: 'png',
    layout: 'pdf-libre',
    supplier: 'Énergie Exemple SA',
    invoiceNumber: 'FG-2026-02-0117',
    issuedOn: '2026-03-06',
    point: { pointDeReseau: 'PITD', code: null, pce: '21400000000117' },
    tso: 'NaTran',
    period: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
    tarif: 'T4',
    car: 15466.8,
    cja: 109,
    ntr: 2,
    consumptionMwh: 2043.755,
    lines: [
      {
        label: 'Terme de capacité de livraison (TCL)',
        kind: 'tcl',
        quantity: 109,
        quantityUnit: 'MWh/j',
        unitPrice: 56.31,
        unitPriceUnit: '€/MWh/j/an',
        prorata: 1 / 12,
        amount: 511.48,
        period: null,
      },
      {
        label: 'CTA part distribution',
        kind: 'ctaDistribution',
        quantity: 4424.81,
        quantityUnit: '€',
        unitPrice: 0.208,
        unitPriceUnit: '%',
        prorata: null,
        amount: 920.36,
        period: null,
      },
    ],
    vat: [{ rate: 0.2, base: 1431.84, amount: 286.37 }],
    totals: { totalHt: 1431.84, totalTva: 286.37, totalTtc: 1718.21 },
  },
  report: null,
  warnings: [],
  found: [],
  review: {
    fields: [
      {
        field: 'cja',
        label: 'Capacité journalière souscrite (CJA)',
        reason: 'doubtful',
        message: OCR,
        unit: 'MWh/j',
        read: 109,
        suggested: null,
        suggestedFrom: null,
        candidates: [],
      },
      {
        field: 'pointCode',
        label: 'Code PITD imprimé sur la facture',
        reason: 'doubtful',
        message: OCR,
        unit: '',
        read: 'GI060012',
        suggested: null,
        suggestedFrom: null,
        candidates: [],
      },
      {
        field: 'ntrPrinted',
        label: 'NTR imprimé sur la facture',
        reason: 'doubtful',
        message: OCR,
        unit: '',
        read: 3,
        suggested: null,
        suggestedFrom: null,
        candidates: [],
      },
    ],
    figuresAsked: true,
    confirmed: null,
    confirmedAt: null,
  },
};

describe('the review step of a scanned invoice read by OCR (issue #25 §5, ADR 0080)', () => {
  beforeEach(() => {
    // jsdom has no object URLs: these two for this describe only.
    URL.createObjectURL = () => 'blob:scan';
    URL.revokeObjectURL = () => {};
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  const scanApi = () =>
    mockApi({
      ...signedInAs(),
      [`GET /api/audits/${SCAN_ID}/`]: () => ({ body: scan }),
      [`GET /api/audits/${SCAN_ID}/document`]: () =>
        new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png' } }),
      [`POST /api/audits/${SCAN_ID}/review`]: () => ({ status: 202, body: { id: SCAN_ID, status: 'queued' } }),
    });

  it('shows the image beside every value read « à confirmer »: header, PITD code and NTR printed, each line, totals', async () => {
    scanApi();
    renderApp(`/private/gas/audit?audit=${SCAN_ID}`);
    const image = await screen.findByRole('img', { name: 'Document numérisé « facture-scannee.png »' });
    expect(image).toHaveAttribute('src', 'blob:scan');
    expect(screen.getByText(/Valeurs lues par reconnaissance de caractères \(OCR\)/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ouvrir l’image en grand' })).toHaveAttribute('href', 'blob:scan');
    expect(screen.getAllByText(OCR)).toHaveLength(3);
    expect(screen.getByLabelText('Capacité journalière souscrite (CJA) (MWh/j)')).toHaveValue('109');
    // The PITD code and the NTR printed on the page are asked too (ADR 0087).
    expect(screen.getByLabelText('Code PITD imprimé sur la facture')).toHaveValue('GI060012');
    expect(screen.getByLabelText('NTR imprimé sur la facture')).toHaveValue('3');
    // Every figure of the table, « à confirmer » until the user changes or confirms it; a CTA rate as a percentage.
    const tcl = screen.getByRole('group', { name: /^Terme de capacité de livraison \(TCL\)/ });
    expect(within(tcl).getByText('à confirmer')).toBeVisible();
    expect(within(tcl).getByLabelText('Quantité (MWh/j)')).toHaveValue('109');
    expect(within(tcl).getByLabelText('Prix unitaire (€/MWh/j/an)')).toHaveValue('56,31');
    const cta = screen.getByRole('group', { name: /^CTA part distribution/ });
    expect(within(cta).getByLabelText('Prix unitaire (%)')).toHaveValue('20,8');
    expect(within(cta).getByLabelText('Montant (€)')).toHaveValue('920,36');
    expect(within(screen.getByRole('group', { name: /^Totaux/ })).getByLabelText('Total TTC (€)')).toHaveValue(
      '1 718,21',
    );
  });

  it('a corrected figure says « corrigée », an emptied amount is refused, and the figures are sent as confirmed', async () => {
    const api = scanApi();
    renderApp(`/private/gas/audit?audit=${SCAN_ID}`);
    const tcl = await screen.findByRole('group', { name: /^Terme de capacité de livraison \(TCL\)/ });
    const cta = screen.getByRole('group', { name: /^CTA part distribution/ });
    // The user corrects a misread unit price: the line says « corrigée »; an emptied amount is refused.
    fireEvent.change(within(tcl).getByLabelText('Prix unitaire (€/MWh/j/an)'), { target: { value: '58,31' } });
    expect(within(tcl).getByText('corrigée')).toBeVisible();
    fireEvent.change(within(cta).getByLabelText('Montant (€)'), { target: { value: '' } });
    screen.getByRole('button', { name: 'Confirmer et lancer les contrôles' }).click();
    expect(await within(cta).findByText('Valeur à compléter.')).toBeVisible();
    expect(within(cta).getByLabelText('Montant (€)')).toHaveFocus();
    expect(api.requests.some((r) => r.path.endsWith('/review'))).toBe(false);
    fireEvent.change(within(cta).getByLabelText('Montant (€)'), { target: { value: '920,36' } });
    screen.getByRole('button', { name: 'Confirmer et lancer les contrôles' }).click();
    await waitFor(() =>
      expect(api.requests.find((r) => r.path.endsWith('/review'))?.body).toEqual({
        cja: 109,
        pointCode: 'GI060012',
        ntrPrinted: 3,
        figures: {
          lines: [
            { quantity: 109, unitPrice: 58.31, amount: 511.48 },
            // Left as read: the values read exactly (0,208, not 20,8 / 100).
            { quantity: 4424.81, unitPrice: 0.208, amount: 920.36 },
          ],
          vat: [{ rate: 0.2, base: 1431.84, amount: 286.37 }],
          totals: { totalHt: 1431.84, totalTva: 286.37, totalTtc: 1718.21 },
        },
      }),
    );
  });
});
