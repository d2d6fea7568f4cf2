import type { Mandate, MandateOperatorData as OperatorData } from '@pilote/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MandateOperatorData } from './mandate-operator-data.tsx';

const base = {
  energy_type: 'gas',
  status: 'active',
  operator_data: null,
} as const;

function data(overrides: Partial<OperatorData> = {}): OperatorData {
  return {
    source: 'demo',
    demo: true,
    access_state: 'active',
    reason: null,
    sync_status: 'ok',
    sync_error: null,
    last_sync_at: '2026-11-26T06:00:00.000Z',
    period_start: '2023-11-27',
    period_end: '2026-11-25',
    days: 1095,
    ...overrides,
  };
}

const card = (overrides: Partial<Mandate>) =>
  render(<MandateOperatorData mandate={{ ...base, ...overrides } as Mandate} />);

describe('the mandate card’s GRDF data (ADR 0072)', () => {
  it('shows the last sync, the period covered, the days and « Données de démonstration »', () => {
    card({ operator_data: data() });
    expect(screen.getByTestId('demo-data-badge')).toHaveTextContent('Données de démonstration');
    expect(screen.getByTestId('operator-period')).toHaveTextContent('du 27/11/2023 au 25/11/2026');
    expect(screen.getByTestId('operator-days')).toHaveTextContent(/^1\s095$/);
    expect(screen.getByTestId('operator-last-sync')).toHaveTextContent('26/11/2026');
  });

  it('says nothing of demonstration data for GRDF’s own data, and shows a failed sync with its reason', () => {
    card({
      operator_data: data({ source: 'adict', demo: false, sync_status: 'error', sync_error: 'GRDF ne répond pas.' }),
    });
    expect(screen.queryByTestId('demo-data-badge')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Dernière récupération des données en échec : GRDF ne répond pas.',
    );
  });

  it('tells a sent mandate is being declared, then awaited at GRDF', () => {
    const { rerender } = card({
      status: 'sent',
      operator_data: data({ access_state: 'declaring', last_sync_at: null }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Déclaration du droit d’accès auprès de GRDF en cours…');
    rerender(
      <MandateOperatorData
        mandate={
          { ...base, status: 'sent', operator_data: data({ access_state: 'pending', last_sync_at: null }) } as Mandate
        }
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Droit d’accès déclaré à GRDF : en attente de validation.');
  });

  it('says a refused right brought no data, and that a revoked mandate’s data will be deleted within 30 days', () => {
    const { rerender } = card({
      status: 'rejected',
      operator_data: data({ access_state: 'refused', sync_status: 'stopped', last_sync_at: null, days: 0 }),
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Droit d’accès refusé par GRDF : aucune donnée n’a été récupérée.',
    );
    rerender(
      <MandateOperatorData
        mandate={
          {
            ...base,
            status: 'revoked',
            operator_data: data({ access_state: 'ended', sync_status: 'stopped' }),
          } as Mandate
        }
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Droit d’accès terminé auprès de GRDF. Les données récupérées seront supprimées sous 30 jours.',
    );
    expect(screen.getByTestId('operator-days')).toHaveTextContent(/^1\s095$/);
  });

  it('notes that electricity has no automatic data yet; nothing for a GRDF mandate sent by mail', () => {
    const { container, rerender } = card({ energy_type: 'electricity' });
    expect(screen.getByTestId('mandate-no-automatic-data')).toHaveTextContent(
      'La récupération automatique des données n’est pas encore disponible pour l’électricité.',
    );
    rerender(<MandateOperatorData mandate={{ ...base } as Mandate} />);
    expect(container).toBeEmptyDOMElement();
  });
});
