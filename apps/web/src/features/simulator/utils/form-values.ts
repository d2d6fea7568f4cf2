/**
 * The simulator form (spec §3 "Simulator form data", §5 "Simulator"): values as typed (strings), which fields
 * show for which point type / option, and the body sent to `POST /api/simulator/simulate/`.
 */
import { type SimulateBody, type SimulatorPoint, simulatorPoints, subscribedTarifs } from '@pilote/contracts';
import { tdnAppliesTo } from '@pilote/tariffs';

export type PointChoice = SimulatorPoint | '';

export type SimulatorFormValues = {
  pointDeReseau: PointChoice;
  code: string;
  commune: string;
  tso: string;
  dso: string;
  /**
   * PITD whose commune has two NTR values marked « (*) » in the official table (ADR 0051): the one the user chose.
   * Empty otherwise (the NTR then comes from the table).
   */
  ntr: string;
  tarif: string;
  profil: string;
  /** MWh/an (CAR). */
  car: string;
  /** MWh/j: sent as `cjaMwhj` for PITD, `cja` for LI/PIC. */
  cja: string;
  /** MWh/an. */
  assiette: string;
  /** MWh/j. */
  cjsInterruptible: string;
  /** MWh/j, subscribed delivery capacity (LI/PIC). */
  capacite: string;
  /** Metres to the transport network (option TP). */
  distanceM: string;
  /** Nm³/h, PITD T1–T3 from July 2026 (TDN), optional. */
  debitNormalise: string;
  /** YYYY-MM. */
  dateEffetMonth: string;
  /** €/MWh; empty = the default CEE cost (an estimate). */
  cee: string;
  /** Anti-bot field: hidden, must stay empty. */
  honeypot: string;
};

export type SimulatorField = keyof SimulatorFormValues;

export const emptySimulatorValues: SimulatorFormValues = {
  pointDeReseau: '',
  code: '',
  commune: '',
  tso: '',
  dso: '',
  ntr: '',
  tarif: '',
  profil: '',
  car: '',
  cja: '',
  assiette: '',
  cjsInterruptible: '',
  capacite: '',
  distanceM: '',
  debitNormalise: '',
  dateEffetMonth: '',
  cee: '',
  honeypot: '',
};

/** Order of the fields on screen: the first invalid one in this order gets the focus. */
export const fieldOrder: readonly SimulatorField[] = [
  'pointDeReseau',
  'code',
  'commune',
  'tso',
  'dso',
  'ntr',
  'tarif',
  'profil',
  'dateEffetMonth',
  'car',
  'cja',
  'assiette',
  'cjsInterruptible',
  'capacite',
  'distanceM',
  'debitNormalise',
  'cee',
];

export const pointLabels: Record<SimulatorPoint, string> = {
  PITD: 'PITD (réseau de distribution)',
  LI: 'LI (livraison industrielle, transport)',
  PIC: 'PIC (interface consommateur, transport)',
};

export function isSimulatorPoint(value: string): value is SimulatorPoint {
  return (simulatorPoints as readonly string[]).includes(value);
}

export function isSubscribedTarif(tarif: string): boolean {
  return (subscribedTarifs as readonly string[]).includes(tarif);
}

/** Spec §5: the CAR is hidden (and not required) for LI or options T4/TP. */
export function showsCar(values: Pick<SimulatorFormValues, 'pointDeReseau' | 'tarif'>): boolean {
  return values.pointDeReseau !== '' && values.pointDeReseau !== 'LI' && !isSubscribedTarif(values.tarif);
}

/** Spec §3: CJA for PITD/PIC with T4/TP; spec §5: LI and PIC always require it. */
export function showsCja(values: Pick<SimulatorFormValues, 'pointDeReseau' | 'tarif'>): boolean {
  return values.pointDeReseau === 'LI' || values.pointDeReseau === 'PIC' || isSubscribedTarif(values.tarif);
}

/** The DSO exists for PITD only. */
export function showsDso(values: Pick<SimulatorFormValues, 'pointDeReseau'>): boolean {
  return values.pointDeReseau === 'PITD';
}

/** LI / PIC: the subscribed delivery capacity (base of their TCL). */
export function showsCapacite(values: Pick<SimulatorFormValues, 'pointDeReseau'>): boolean {
  return values.pointDeReseau === 'LI' || values.pointDeReseau === 'PIC';
}

/** PITD in option TP: distance to the transport network (an ATRD term: not for LI / PIC, ADR 0024). */
export function showsDistance(values: Pick<SimulatorFormValues, 'pointDeReseau' | 'tarif'>): boolean {
  return values.pointDeReseau === 'PITD' && values.tarif === 'TP';
}

/**
 * PITD in T1–T3 from July 2026: the débit normalisé of the meter, base of the terme de débit normalisé (TDN,
 * ADR 0026). Optional; the engine decides where the TDN applies (`tdnAppliesTo`), the form asks there only.
 */
export function showsDebitNormalise(
  values: Pick<SimulatorFormValues, 'pointDeReseau' | 'tarif' | 'dateEffetMonth'>,
): boolean {
  return (
    values.pointDeReseau === 'PITD' &&
    /^\d{4}-(0[1-9]|1[0-2])$/.test(values.dateEffetMonth) &&
    tdnAppliesTo(values.tarif, `${values.dateEffetMonth}-01`)
  );
}

/** Labels that depend on the point type (spec §2.8). */
export function fieldLabels(point: PointChoice): Record<Exclude<SimulatorField, 'honeypot'>, string> {
  const name = point === '' ? 'du point' : point;
  return {
    pointDeReseau: 'Point de réseau',
    code: point === '' ? 'Code du point' : `Code ${name}`,
    commune: 'Commune',
    tso: 'Gestionnaire de transport (TSO)',
    dso: 'Gestionnaire de distribution (DSO)',
    ntr: 'NTR — niveau de tarif régional',
    tarif: point === 'PITD' ? 'Option tarifaire ATRD' : 'Option tarifaire',
    profil: 'Profil de consommation',
    car: 'CAR — consommation annuelle de référence (MWh/an)',
    cja:
      point === 'LI' ? 'CJA — capacité journalière souscrite (MWh/j)' : 'CJA — capacité journalière annuelle (MWh/j)',
    assiette: point === 'PITD' ? 'Assiette — consommation annuelle (MWh/an)' : 'Assiette (MWh/an)',
    cjsInterruptible: 'Capacité interruptible (MWh/j)',
    capacite: 'Capacité de livraison souscrite (MWh/j)',
    distanceM: 'Distance au réseau de transport (m)',
    debitNormalise: 'Débit normalisé du compteur (Nm³/h)',
    dateEffetMonth: "Date d'effet",
    cee: 'Coût CEE (€/MWh)',
  };
}

function orUndefined(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The JSON body of `POST /api/simulator/simulate/` (camelCase, spec §7): hidden fields are left out, empty ones too
 * (the honeypot is always sent, empty for humans).
 */
export function toSimulateBody(values: SimulatorFormValues): SimulateBody {
  const body: SimulateBody = { pointDeReseau: orUndefined(values.pointDeReseau), honeypot: values.honeypot };
  const set = (key: keyof SimulateBody, value: string) => {
    const text = orUndefined(value);
    if (text !== undefined) {
      body[key] = text;
    }
  };
  set('code', values.code);
  set('commune', values.commune);
  set('tso', values.tso);
  if (showsDso(values)) {
    set('dso', values.dso);
    set('ntr', values.ntr);
  }
  set('tarif', values.tarif);
  set('profil', values.profil);
  if (showsCar(values)) {
    set('car', values.car);
  }
  if (showsCja(values)) {
    set(values.pointDeReseau === 'PITD' ? 'cjaMwhj' : 'cja', values.cja);
  }
  set('assiette', values.assiette);
  set('cjsInterruptible', values.cjsInterruptible);
  if (showsCapacite(values)) {
    set('capacite', values.capacite);
  }
  if (showsDistance(values)) {
    set('distanceM', values.distanceM);
  }
  if (showsDebitNormalise(values)) {
    set('debitNormalise', values.debitNormalise);
  }
  set('dateEffetMonth', values.dateEffetMonth);
  set('cee', values.cee);
  return body;
}

/** Server / contract field names → the form field showing them (`cjaMwhj` and `cja` are one input). */
export function formFieldOf(name: string): SimulatorField | undefined {
  const key = name.replace(/^\//, '');
  if (key === 'cjaMwhj') {
    return 'cja';
  }
  return key in emptySimulatorValues ? (key as SimulatorField) : undefined;
}
