import type { SimulationDetail } from '@pilote/contracts';
import { useMemo } from 'react';
import { emptySimulatorValues, isSimulatorPoint, type SimulatorFormValues } from '../utils/form-values.ts';
import { readSimulationResult } from '../utils/read-result.ts';
import { SimulationResults } from './simulation-results.tsx';

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).replace('.', ',');

/** The form values a stored simulation was made from (`input` of `GET /api/simulator/simulations/:id`). */
export function valuesOfStoredInput(input: SimulationDetail['input']): SimulatorFormValues {
  const point = text(input.pointDeReseau);
  return {
    ...emptySimulatorValues,
    pointDeReseau: isSimulatorPoint(point) ? point : '',
    code: text(input.code),
    commune: text(input.commune),
    tso: text(input.tso),
    dso: text(input.dso),
    ntr: text(input.ntr),
    tarif: text(input.tarif),
    profil: text(input.profil),
    car: text(input.car),
    cja: text(input.cja ?? input.cjaMwhj),
    assiette: text(input.assiette),
    cjsInterruptible: text(input.cjsInterruptible),
    capacite: text(input.capacite),
    distanceM: text(input.distanceM),
    debitNormalise: text(input.debitNormalise),
    dateEffetMonth: text(input.dateEffetMonth),
    cee: text(input.cee),
  };
}

/**
 * A stored simulation reopened in the view it was computed in (issue #24 §3): the simulator's results, read from the
 * stored answer as the simulator reads a fresh one. `onEdit` is the flame's « Modifier les entrées ».
 */
export function StoredSimulationView({ detail, onEdit }: { detail: SimulationDetail; onEdit: () => void }) {
  // The answer alone (not the form's fields), as the simulator reads the answer of `simulate`.
  const reading = useMemo(
    () =>
      readSimulationResult({
        simulationId: detail.simulationId,
        resultat: detail.resultat,
        pdfUrl: detail.pdfUrl,
        pdfUrlExpiresAt: detail.pdfUrlExpiresAt,
      }),
    [detail],
  );
  const values = useMemo(() => valuesOfStoredInput(detail.input), [detail]);
  return <SimulationResults reading={reading} values={values} onEdit={onEdit} />;
}
