/**
 * The form checks as they were before the zod schemas (issue #22, ADR 0065): ordered procedures that stop at the
 * first failure, kept verbatim as the oracle of the first failure the wrappers must keep telling the server.
 * Test-only.
 */
import { parseFrenchNumber } from '@pilote/tariffs/numbers';
import { normalisePce } from '../consumption.ts';
import { type FormValue, formText } from '../form-fields.ts';
import {
  capaciteInvalideMessage,
  OPTIMISATION_MESSAGES,
  type OptimisationBody,
  type OptimisationFormCheck,
  type OptimisationTarif,
  optimisationTarifs,
  type ValidatedOptimisationForm,
  valeurNumeriqueInvalideMessage,
} from '../optimisation.ts';
import {
  SIMULATOR_MESSAGES,
  type SimulateBody,
  type SimulatorFormCheck,
  type SimulatorPoint,
  type SimulatorProfil,
  type SimulatorTarif,
  simulatorPoints,
  simulatorProfils,
  simulatorTarifs,
  subscribedTarifs,
} from '../simulator.ts';

class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const FIELD_LABELS: Record<string, string> = {
  car: 'CAR',
  cja: 'CJA',
  cjaMwhj: 'CJA',
  assiette: 'assiette',
  cjsInterruptible: 'capacité interruptible',
  capacite: 'capacité',
  cee: 'CEE',
  distanceM: 'distance',
  debitNormalise: 'débit normalisé (Nm³/h)',
  ntr: 'NTR',
};

/** Empty → undefined; not a number or negative → FieldError naming the field. */
function simNumber(value: FormValue, field: string): number | undefined {
  const raw = formText(value);
  if (raw === undefined) {
    return undefined;
  }
  const parsed = parseFrenchNumber(raw);
  const label = FIELD_LABELS[field] ?? field;
  if (parsed === null) {
    throw new FieldError(field, `Valeur numérique invalide pour le champ « ${label} » : « ${raw} ».`);
  }
  if (parsed < 0) {
    throw new FieldError(field, `La valeur du champ « ${label} » doit être positive ou nulle.`);
  }
  return parsed;
}

/**
 * The validation rules of spec §5 "Simulator", in the order the spec lists them: honeypot, point, then
 * the fields the point type requires, then the CAR (unless LI or T4/TP) and the CJA (LI, PIC, and PITD in
 * T4/TP). Shared by the server (authoritative) and the web form (same messages, field by field).
 */
export function legacyValidateSimulatorForm(body: SimulateBody): SimulatorFormCheck {
  if (formText(body.honeypot) !== undefined) {
    return { ok: false, code: 'BOT_DETECTED', field: 'honeypot', message: SIMULATOR_MESSAGES.honeypot };
  }
  try {
    const point = formText(body.pointDeReseau)?.toUpperCase();
    if (!point || !(simulatorPoints as readonly string[]).includes(point)) {
      throw new FieldError('pointDeReseau', SIMULATOR_MESSAGES.pointDeReseau);
    }
    const pointDeReseau = point as SimulatorPoint;
    const code = formText(body.code);
    const commune = formText(body.commune);
    const tso = formText(body.tso);
    const dso = formText(body.dso);
    const tarifText = formText(body.tarif)?.toUpperCase();
    const tarif = (simulatorTarifs as readonly string[]).includes(tarifText ?? '')
      ? (tarifText as SimulatorTarif)
      : undefined;
    const profilText = formText(body.profil)?.toUpperCase();
    const profil = (simulatorProfils as readonly string[]).includes(profilText ?? '')
      ? (profilText as SimulatorProfil)
      : undefined;
    const monthText = formText(body.dateEffetMonth);
    const month = monthText && /^\d{4}-(0[1-9]|1[0-2])$/.test(monthText) ? monthText : undefined;

    if (pointDeReseau === 'PITD') {
      if (!code) {
        throw new FieldError('code', SIMULATOR_MESSAGES.codePitd);
      }
      if (!commune) {
        throw new FieldError('commune', SIMULATOR_MESSAGES.commune);
      }
      if (!tso) {
        throw new FieldError('tso', SIMULATOR_MESSAGES.tso);
      }
      if (!dso) {
        throw new FieldError('dso', SIMULATOR_MESSAGES.dso);
      }
      if (!tarif) {
        throw new FieldError('tarif', SIMULATOR_MESSAGES.tarif);
      }
      if (!profil) {
        throw new FieldError('profil', SIMULATOR_MESSAGES.profil);
      }
      if (!month) {
        throw new FieldError('dateEffetMonth', SIMULATOR_MESSAGES.dateEffetMonth);
      }
    } else {
      if (!code) {
        throw new FieldError('code', pointDeReseau === 'LI' ? SIMULATOR_MESSAGES.codeLi : SIMULATOR_MESSAGES.codePic);
      }
      if (!tso) {
        throw new FieldError('tso', SIMULATOR_MESSAGES.tso);
      }
      if (!tarif) {
        throw new FieldError('tarif', SIMULATOR_MESSAGES.tarif);
      }
      if (!profil) {
        throw new FieldError('profil', SIMULATOR_MESSAGES.profil);
      }
      if (simNumber(body.assiette, 'assiette') === undefined) {
        throw new FieldError('assiette', SIMULATOR_MESSAGES.assiette);
      }
      if (simNumber(body.cja, 'cja') === undefined && simNumber(body.cjaMwhj, 'cjaMwhj') === undefined) {
        throw new FieldError('cja', SIMULATOR_MESSAGES.cja);
      }
      if (monthText !== undefined && !month) {
        throw new FieldError('dateEffetMonth', SIMULATOR_MESSAGES.dateEffetMonth);
      }
    }
    const subscribed = subscribedTarifs.includes(tarif);
    const car = simNumber(body.car, 'car');
    if (car === undefined && pointDeReseau !== 'LI' && !subscribed) {
      throw new FieldError('car', SIMULATOR_MESSAGES.car);
    }
    const cja = simNumber(body.cjaMwhj, 'cjaMwhj') ?? simNumber(body.cja, 'cja');
    if (cja === undefined && pointDeReseau === 'PITD' && subscribed) {
      throw new FieldError('cjaMwhj', SIMULATOR_MESSAGES.cja);
    }
    // A PITD in T4 / TP has no CAR field: the storage compensation is estimated from the yearly consumption, so
    // the assiette is required there unless a CAR is sent (API clients) (ADR 0023), as it is for LI and PIC.
    if (
      pointDeReseau === 'PITD' &&
      subscribed &&
      car === undefined &&
      simNumber(body.assiette, 'assiette') === undefined
    ) {
      throw new FieldError('assiette', SIMULATOR_MESSAGES.assiette);
    }
    return {
      ok: true,
      value: {
        pointDeReseau,
        code,
        commune,
        tso,
        dso,
        profil,
        tarif,
        car,
        cja,
        assiette: simNumber(body.assiette, 'assiette'),
        cjsInterruptible: simNumber(body.cjsInterruptible, 'cjsInterruptible'),
        cpl: simNumber(body.capacite, 'capacite'),
        cee: simNumber(body.cee, 'cee'),
        distanceM: simNumber(body.distanceM, 'distanceM'),
        debitNormalise: simNumber(body.debitNormalise, 'debitNormalise'),
        dateEffetMonth: month,
        ntr: simNumber(body.ntr, 'ntr'),
      },
    };
  } catch (error) {
    if (error instanceof FieldError) {
      return { ok: false, code: 'VALIDATION_FAILED', field: error.field, message: error.message };
    }
    throw error;
  }
}

const LABELS: Record<string, string> = {
  assiette: 'assiette',
  cjsInterruptible: 'capacité interruptible',
  cpl: 'capacité de livraison',
  cjaActuelle: 'CJA actuelle',
};

/** Empty → `empty`; not a number or negative → 'Valeur numérique invalide: …'. */
function optNumber(value: FormValue, field: string, empty: number | undefined): number | undefined {
  const raw = formText(value);
  if (raw === undefined) {
    return empty;
  }
  const parsed = parseFrenchNumber(raw);
  if (parsed === null || parsed < 0) {
    throw new FieldError(field, valeurNumeriqueInvalideMessage(raw, LABELS[field] ?? field));
  }
  return parsed;
}

function optCapacities(values: readonly FormValue[]): number[] {
  if (values.length !== 12) {
    throw new FieldError('capacitesMensuelles', OPTIMISATION_MESSAGES.capacitesCount);
  }
  const raws = values.map(formText);
  if (raws.some((raw) => raw !== undefined && parseFrenchNumber(raw) === null)) {
    throw new FieldError('capacitesMensuelles', OPTIMISATION_MESSAGES.capacitesNumbers);
  }
  if (raws.some((raw) => raw === undefined)) {
    throw new FieldError('capacitesMensuelles', OPTIMISATION_MESSAGES.capacitesEmpty);
  }
  return raws.map((raw, index) => {
    const parsed = parseFrenchNumber(raw as string) as number;
    if (parsed < 0) {
      throw new FieldError(`capacitesMensuelles/${index}`, capaciteInvalideMessage(index + 1));
    }
    return parsed;
  });
}

/**
 * Spec §5 "Optimisation", in the spec's order: point, code, commune, TSO, tarif (and, for PITD, T4/TP only),
 * profil, assiette; then the 12 monthly capacities when given; then the optional numbers (empty = 0, or the
 * default for `cjaActuelle`), the month and the PCE. Shared by the server (authoritative) and the web form.
 */
export function legacyValidateOptimisationForm(body: OptimisationBody): OptimisationFormCheck {
  try {
    const point = formText(body.pointDeReseau)?.toUpperCase();
    if (!point || !(simulatorPoints as readonly string[]).includes(point)) {
      throw new FieldError('pointDeReseau', OPTIMISATION_MESSAGES.pointDeReseau);
    }
    const code = formText(body.code);
    if (!code) {
      throw new FieldError('code', OPTIMISATION_MESSAGES.code);
    }
    const commune = formText(body.commune);
    if (!commune) {
      throw new FieldError('commune', OPTIMISATION_MESSAGES.commune);
    }
    const tso = formText(body.tso);
    if (!tso) {
      throw new FieldError('tso', OPTIMISATION_MESSAGES.tso);
    }
    const tarifText = formText(body.tarif)?.toUpperCase();
    if (!tarifText || !(simulatorTarifs as readonly string[]).includes(tarifText)) {
      throw new FieldError('tarif', OPTIMISATION_MESSAGES.tarif);
    }
    if (point === 'PITD' && !(optimisationTarifs as readonly string[]).includes(tarifText)) {
      throw new FieldError('tarif', OPTIMISATION_MESSAGES.tarifPitd);
    }
    const profilText = formText(body.profil)?.toUpperCase();
    if (!profilText || !(simulatorProfils as readonly string[]).includes(profilText)) {
      throw new FieldError('profil', OPTIMISATION_MESSAGES.profil);
    }
    const assiette = optNumber(body.assiette, 'assiette', undefined);
    if (assiette === undefined) {
      throw new FieldError('assiette', OPTIMISATION_MESSAGES.assiette);
    }
    const capacitesMensuelles =
      body.capacitesMensuelles === null || body.capacitesMensuelles === undefined
        ? undefined
        : optCapacities(body.capacitesMensuelles);
    const cjaActuelle = optNumber(body.cjaActuelle, 'cjaActuelle', undefined);
    const cjsInterruptible = optNumber(body.cjsInterruptible, 'cjsInterruptible', 0) as number;
    const cpl = optNumber(body.cpl, 'cpl', 0) as number;
    const month = formText(body.dateEffetMonth);
    if (month !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      throw new FieldError('dateEffetMonth', OPTIMISATION_MESSAGES.dateEffetMonth);
    }
    const pceText = formText(body.pce);
    const pce = pceText === undefined ? undefined : normalisePce(pceText);
    if (pce !== undefined && !/^\d{14}$/.test(pce)) {
      throw new FieldError('pce', OPTIMISATION_MESSAGES.pceFormat);
    }
    const datasetId = formText(body.datasetId);
    return {
      ok: true,
      value: {
        pointDeReseau: point as ValidatedOptimisationForm['pointDeReseau'],
        code,
        commune,
        tso,
        tarif: tarifText as OptimisationTarif,
        profil: profilText as SimulatorProfil,
        assiette,
        cjsInterruptible,
        cpl,
        cjaActuelle,
        capacitesMensuelles,
        dateEffetMonth: month,
        datasetId,
        pce,
      },
    };
  } catch (error) {
    if (error instanceof FieldError) {
      return { ok: false, field: error.field, message: error.message };
    }
    throw error;
  }
}
