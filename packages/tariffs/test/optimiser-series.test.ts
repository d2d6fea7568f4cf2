import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  optimiserCja,
  PART_CHAUFFAGE_PAR_PROFIL,
  PROFIL_CODES,
  STATIONS_METEO,
  synthetiserSerie,
  TEMPERATURES_MENSUELLES,
  temperatureTypique,
  VILLE_DE_REFERENCE,
} from '../src/index.ts';

describe('typical-year synthesis', () => {
  it('sums to the assiette, flags every day as estimated, covers one year', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 200_000, noNaN: true }),
        fc.constantFrom(...PROFIL_CODES),
        fc.constantFrom(...STATIONS_METEO.map((s) => s.code), 'STATION-INCONNUE'),
        fc.constantFrom('2024-01-01', '2025-01-01', '2025-07-01', '2024-02-29'),
        (assiette, profil, stationMeteo, debut) => {
          const r = synthetiserSerie({ assiette, profil, stationMeteo, debut });
          const jours = r.serie.jours;
          expect(r.serie.origine).toBe('synthese');
          expect(jours.length === 365 || jours.length === 366).toBe(true);
          expect(jours.every((j) => j.qualite === 'estime' && (j.mwh ?? -1) >= 0)).toBe(true);
          const total = jours.reduce((s, j) => s + (j.mwh ?? 0), 0);
          expect(Math.abs(total - assiette)).toBeLessThan(1e-9 * Math.max(1, assiette));
        },
      ),
      { numRuns: 80 },
    );
  });

  it('peaks in winter and is flat for a zero heating share', () => {
    const r = synthetiserSerie({ assiette: 36_500, profil: 'P016', stationMeteo: 'LYON-BRON', debut: '2025-01-01' });
    const jan = r.serie.jours[15]?.mwh ?? 0;
    const jul = r.serie.jours[196]?.mwh ?? 0;
    expect(jan).toBeGreaterThan(3 * jul);
    const flat = synthetiserSerie({
      assiette: 36_500,
      profil: 'P016',
      stationMeteo: 'LYON-BRON',
      debut: '2025-01-01',
      partChauffage: 0,
    });
    expect(flat.serie.jours.every((j) => Math.abs((j.mwh ?? 0) - 100) < 1e-9)).toBe(true);
  });

  it('has a reference city for every station and a heating share for every profile', () => {
    for (const s of STATIONS_METEO) {
      expect(TEMPERATURES_MENSUELLES[VILLE_DE_REFERENCE[s.code] ?? '']).toHaveLength(12);
    }
    for (const p of PROFIL_CODES) {
      expect(PART_CHAUFFAGE_PAR_PROFIL[p]).toBeGreaterThanOrEqual(0);
    }
    // Interpolation returns the monthly mean at mid-month.
    expect(temperatureTypique(TEMPERATURES_MENSUELLES.Paris ?? [], '2025-01-16')).toBeCloseTo(3.4, 10);
  });

  it('feeds the optimiser, which reports the series as an estimate', () => {
    const syn = synthetiserSerie({
      assiette: 20_000,
      profil: 'P016',
      stationMeteo: 'PARIS-MONTSOURIS',
      debut: '2025-01-01',
    });
    const r = optimiserCja({ tarif: 'T4', tso: 'NaTran', ntr: 1, dateEffet: '2025-07-01', serie: syn.serie });
    expect(r.hasEstimates).toBe(true);
    expect(r.serie.origine).toBe('synthese');
    expect(r.serie.joursEstimes).toBe(365);
    expect(r.cjaOptimisee).toBeGreaterThan(0);
    expect(r.cjaOptimisee).toBeLessThanOrEqual(r.cjaActuelle);
  });
});
