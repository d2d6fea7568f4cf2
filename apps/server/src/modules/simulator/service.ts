import { randomUUID } from 'node:crypto';
import {
  type CommunePitdResponse,
  type ReferenceDatasetInfo,
  SIMULATOR_CODE_SEARCH_LIMIT,
  SIMULATOR_MESSAGES,
  type SimulateBody,
  type SimulateResponse,
  type SimulationPdfLinkResponse,
  type SimulationResultDto,
  type SimulatorOptionsQuery,
  type SimulatorOptionsResponse,
  type SimulatorPoint,
  type SimulatorTarif,
  simulatorProfils,
  simulatorTarifs,
  sourceList,
  subscribedTarifs,
  type ValidatedSimulatorForm,
  validateSimulatorForm,
} from '@pilote/contracts';
import {
  availableEffectMonths,
  normaliseTso,
  type ParameterOverlay,
  type SimulationResult,
  simulate,
} from '@pilote/tariffs';
import type { Database } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { withTariffErrors } from '../../lib/tariff-errors.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import type { Quota } from '../plans/quota.ts';
import { normaliseCommuneName } from '../reference-data/communes.ts';
import { findPitdPoint } from '../reference-data/pitd-point.ts';
import type { PitdEntry, ReferenceData, TransportPointEntry } from '../reference-data/source.ts';
import type { TariffOverlaySource } from '../tariff-data/overlay-source.ts';
import type { PdfLinkSigner } from './pdf-link.ts';
import type { PdfRenderer } from './pdf-renderer.ts';
import { PDF_RENDERER_VERSION } from './pdf-report.ts';
import type { SimulationReport, StoredSimulationInput } from './report.ts';
import {
  findSimulation,
  findSimulationPdf,
  type SimulationRecord,
  simulationRecorder,
  storeSimulationPdf,
} from './repository.ts';

const TSOS = ['NaTran', 'Teréga'] as const;
/** First month offered by the cascade (the oldest sourced grids start in 2024). */
const FIRST_MONTH = '2024-01';
/** The cascade looks this many months ahead of today for months the grids cover. */
const MONTHS_AHEAD = 24;

/** LI / PIC: the notice shown while the labelled sample point table answers (ADR 0024). */
export function samplePointTableMessage(point: 'LI' | 'PIC'): string {
  return `Table des points ${point} d’échantillon en service (codes fictifs) : les résultats sont indicatifs. L’exploitant la remplace par la table du GRT avec « npm run tariffs:import -- ${point.toLowerCase()} <fichier.csv> ».`;
}

/**
 * The NTR of a PITD row: its own, or — when the official table gives the PITD two values marked « (*) » — the one
 * the user chose (ADR 0051). A missing or foreign choice is a validation error on `/ntr`.
 */
function chosenNtr(entry: PitdEntry, ntr: number | undefined): number {
  const choices = entry.ntrChoices;
  if (!choices || choices.length < 2) {
    return entry.ntr;
  }
  if (ntr === undefined || !choices.includes(ntr)) {
    throw validationError(
      'ntr',
      `Le PITD « ${entry.codePitd} » a deux NTR dans la table officielle (${choices.join(' ou ')}) : choisissez celui qui s’applique.`,
    );
  }
  return ntr;
}

export interface SimulatorServiceDependencies {
  db: Database;
  referenceData: ReferenceData;
  /** Stored dated values laid over the packaged grids (ADR 0025). */
  tariffOverlay: TariffOverlaySource;
  pdfLinks: PdfLinkSigner;
  /** Renders off the main thread (pdf-renderer.ts); its output is stored per simulation (ADR 0018). */
  pdfRenderer: PdfRenderer;
  /** The plans' quotas: a simulation and a rendered PDF report each take one unit (ADR 0027). */
  quota: Quota;
  now?: () => Date;
}

export type { SimulationReport, StoredSimulationInput };

function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

function addMonths(month: string, count: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const unique = (values: Iterable<string>) => [...new Set(values)];

function sameOperator(a: string, b: string): boolean {
  return normaliseCommuneName(a) === normaliseCommuneName(b);
}

export function createSimulatorService({
  db,
  referenceData,
  tariffOverlay,
  pdfLinks,
  pdfRenderer,
  quota,
  now = () => new Date(),
}: SimulatorServiceDependencies) {
  const recordSimulation = simulationRecorder(db);
  const monthsCache = new Map<string, string[]>();
  /** The overlay the months cache was computed with: a stored value can extend or end a grid. */
  let monthsOverlay: ParameterOverlay | undefined;
  /** Renders under way in this instance, per simulation: concurrent downloads of one PDF share one render. */
  const rendering = new Map<string, Promise<Uint8Array>>();

  /**
   * The stored PDF of the simulation, or a render (once per simulation and renderer version: the bytes are
   * kept in `simulation_pdfs`, so every instance serves the first render; its date is the generation date).
   */
  async function pdfBytes(record: SimulationRecord): Promise<Uint8Array> {
    const stored = await findSimulationPdf(db, record.id, PDF_RENDERER_VERSION);
    if (stored) {
      return stored;
    }
    let pending = rendering.get(record.id);
    if (!pending) {
      // A render is the costly action the `pdf_reports` quota counts (once per simulation: later downloads
      // read the stored bytes); a failed render gives its unit back.
      pending = quota
        .run(record.userId, 'pdf_reports', async () => {
          const bytes = await pdfRenderer.render(toReport(record), now(), record.userId);
          await storeSimulationPdf(db, record.id, PDF_RENDERER_VERSION, bytes);
          return bytes;
        })
        .finally(() => rendering.delete(record.id));
      rendering.set(record.id, pending);
    }
    return pending;
  }

  /** Months (YYYY-MM) the grids can simulate, for every combination of the given tarifs × TSOs (union). */
  function monthsFor(
    point: SimulatorPoint,
    tarifs: readonly SimulatorTarif[],
    tsos: readonly string[],
    overlay: ParameterOverlay,
  ): string[] {
    if (monthsOverlay !== overlay) {
      monthsCache.clear();
      monthsOverlay = overlay;
    }
    const to = addMonths(monthOf(now()), MONTHS_AHEAD);
    const months = new Set<string>();
    for (const tarif of tarifs) {
      for (const tso of tsos) {
        const key = `${point}|${tarif}|${tso}|${to}`;
        let cached = monthsCache.get(key);
        if (!cached) {
          cached = availableEffectMonths(FIRST_MONTH, to, { pointDeReseau: point, tarif, tso }, overlay).map((date) =>
            date.slice(0, 7),
          );
          monthsCache.set(key, cached);
        }
        for (const month of cached) {
          months.add(month);
        }
      }
    }
    return [...months].sort();
  }

  async function pitdOptions(query: SimulatorOptionsQuery): Promise<SimulatorOptionsResponse> {
    const [table, ziTable, { overlay }] = await Promise.all([
      referenceData.pitd(),
      referenceData.zi(),
      tariffOverlay.current(),
    ]);
    const matches = await table.searchCodes(query.q || undefined, SIMULATOR_CODE_SEARCH_LIMIT + 1);
    const rows = query.code ? await table.rowsOf(query.code) : [];
    const byCommune =
      query.code && query.commune ? ((await table.rowsOfCodeInCommune(query.code, query.commune)) ?? []) : [];
    const communeRows = byCommune.length > 0 ? byCommune : rows;
    const chosenTso = query.tso ? normaliseTso(query.tso) : undefined;
    const tsoList = query.code ? unique(communeRows.map((row) => row.tso)) : [...TSOS];
    const byTso = chosenTso ? communeRows.filter((row) => normaliseTso(row.tso) === chosenTso) : [];
    const tsoRows = byTso.length > 0 ? byTso : communeRows;
    const dsoList = unique(tsoRows.map((row) => row.dso));

    const tarif = (simulatorTarifs as readonly string[]).includes(query.tarif?.toUpperCase() ?? '')
      ? (query.tarif?.toUpperCase() as SimulatorTarif)
      : undefined;
    const tsosForMonths = chosenTso ? [chosenTso] : tsoList.length > 0 ? tsoList : [...TSOS];
    const months = monthsFor('PITD', tarif ? [tarif] : simulatorTarifs, tsosForMonths, overlay);
    const month = query.month?.slice(0, 7);
    const tarifs = month
      ? simulatorTarifs.filter((option) => monthsFor('PITD', [option], tsosForMonths, overlay).includes(month))
      : [...simulatorTarifs];

    return {
      point: 'PITD',
      codes: matches.slice(0, SIMULATOR_CODE_SEARCH_LIMIT),
      truncated: matches.length > SIMULATOR_CODE_SEARCH_LIMIT,
      tarifs,
      profils: [...simulatorProfils],
      months,
      tso: tsoList,
      dso: dsoList,
      pitdCommunesIndex:
        query.code && rows.length > 0
          ? [
              {
                code: query.code,
                communes: rows.map((row) => ({
                  commune: row.commune,
                  communeInsee: row.communeInsee,
                  tso: row.tso,
                  dso: row.dso,
                  ntr: row.ntr,
                  ...(row.ntrChoices ? { ntrChoices: row.ntrChoices } : {}),
                })),
              },
            ]
          : [],
      // Zi enters only the normalised capacity of T1–T3 (CJN = CAR × Zi × A); T4/TP use the CJA.
      usedSampleData: table.info.isSample || (ziTable.info.isSample && !(tarif === 'T4' || tarif === 'TP')),
      referenceData: { pitd: table.info, zi: ziTable.info },
      message: null,
      ntrFootnote: rows.some((row) => row.ntrChoices) ? table.ntrFootnote : null,
    };
  }

  async function transportOptions(
    point: 'LI' | 'PIC',
    query: SimulatorOptionsQuery,
  ): Promise<SimulatorOptionsResponse> {
    const [table, { overlay }] = await Promise.all([
      referenceData.transportPoints(point === 'LI' ? 'li' : 'pic'),
      tariffOverlay.current(),
    ]);
    const matches = await table.searchCodes(query.q || undefined, SIMULATOR_CODE_SEARCH_LIMIT + 1);
    const rows = query.code ? await table.rowsOf(query.code) : [];
    // A point has one TSO: once a code is chosen, the list is its TSO (selected by the form).
    const tsoList = rows.length > 0 ? unique(rows.map((row) => row.tso)) : [...TSOS];
    const communes = rows.length > 0 ? rows : [];
    return {
      point,
      codes: matches.slice(0, SIMULATOR_CODE_SEARCH_LIMIT),
      truncated: matches.length > SIMULATOR_CODE_SEARCH_LIMIT,
      // The ATRD option does not enter the price of a transport-connected point (ADR 0024): every one is offered.
      tarifs: [...simulatorTarifs],
      profils: [...simulatorProfils],
      // The option does not change which grids a transport-connected point reads: one option is enough to probe.
      months: monthsFor(point, ['T4'], tsoList, overlay),
      tso: tsoList,
      dso: [],
      ...(point === 'LI'
        ? {
            liCommunesIndex:
              query.code && communes.length > 0
                ? [{ code: query.code, communes: communes.map((row) => row.commune) }]
                : [],
          }
        : {
            picCommunesIndex:
              query.code && communes.length > 0
                ? [{ code: query.code, communes: communes.map((row) => ({ commune: row.commune })) }]
                : [],
          }),
      usedSampleData: table.info.isSample,
      referenceData: null,
      pointTable: table.info,
      message: table.info.isSample ? samplePointTableMessage(point) : null,
    };
  }

  function toResultDto(
    result: SimulationResult,
    entry: Pick<PitdEntry, 'ntr' | 'libelle' | 'communeInsee'> & { stationMeteo: string | null },
    zi: number | undefined,
    datasets: {
      pitd: ReferenceDatasetInfo | null;
      zi: ReferenceDatasetInfo | null;
      point?: ReferenceDatasetInfo;
    },
  ): SimulationResultDto {
    // Each source once per result, the lines pointing to theirs (ADR 0041): what is answered and stored.
    const shared = sourceList();
    return {
      dateEffet: result.dateEffet,
      mensuel: result.mensuel,
      annuel: result.annuel,
      parMwh: { ...result.parMwh, ticgn: result.parMwh.accise },
      lignes: result.lignes.map((line) => ({
        id: line.id,
        category: line.category,
        kind: line.kind,
        label: line.label,
        formula: line.formula,
        inputs: { ...line.inputs },
        unitPrice: line.unitPrice,
        unit: line.unit,
        annualAmount: line.annualAmount,
        monthlyAmount: line.monthlyAmount,
        sourceIndices: shared.indicesOf(line.sources),
        isEstimate: line.isEstimate,
      })),
      sources: shared.sources,
      warnings: [...result.warnings],
      gridDates: result.gridDates,
      usedSampleData: result.usedSampleData,
      hasEstimates: result.hasEstimates,
      estimatedGrids: result.estimatedGrids.map((item) => ({ ...item })),
      referentiel: {
        ntr: entry.ntr,
        stationMeteo: entry.stationMeteo,
        zi: zi ?? null,
        libelle: entry.libelle,
        communeInsee: entry.communeInsee,
        pitdDataset: datasets.pitd,
        ziDataset: datasets.zi,
        ...(datasets.point ? { pointDataset: datasets.point } : {}),
      },
    };
  }

  async function simulatePitd(form: ValidatedSimulatorForm, tso: string, dateEffet: string) {
    const {
      entry,
      info: pitdInfo,
      zi: ziTable,
      tariffValuesVersion,
    } = await findPitdPoint(referenceData, {
      code: form.code,
      commune: form.commune as string,
      tso: form.tso as string,
      normalisedTso: tso,
    });
    if (!sameOperator(entry.dso, form.dso as string)) {
      throw validationError(
        'dso',
        `Le DSO « ${form.dso} » ne correspond pas à la commune « ${entry.commune} » (gestionnaire de distribution : ${entry.dso}).`,
      );
    }
    const ntr = chosenNtr(entry, form.ntr);
    const usesZi = !subscribedTarifs.includes(form.tarif);
    const zi = await ziTable.ziOf(entry.stationMeteo, form.profil);
    const isSample = pitdInfo.isSample || (usesZi && ziTable.info.isSample);
    const { overlay } = await tariffOverlay.current(tariffValuesVersion);
    const result = withTariffErrors(() =>
      simulate(
        {
          pointDeReseau: 'PITD',
          code: entry.codePitd,
          commune: entry.commune,
          tso,
          dso: entry.dso,
          profil: form.profil,
          tarif: form.tarif,
          ...(form.car === undefined ? {} : { car: form.car }),
          ...(form.cja === undefined ? {} : { cja: form.cja }),
          ...(form.assiette === undefined ? {} : { assiette: form.assiette }),
          ...(form.cjsInterruptible === undefined ? {} : { cjsInterruptible: form.cjsInterruptible }),
          ...(form.cpl === undefined ? {} : { cpl: form.cpl }),
          ...(form.cee === undefined ? {} : { cee: form.cee }),
          ...(form.distanceM === undefined ? {} : { distanceM: form.distanceM }),
          ...(form.debitNormalise === undefined ? {} : { debitNormalise: form.debitNormalise }),
          referentiel: {
            ntr,
            stationMeteo: entry.stationMeteo,
            isSample,
            ...(zi === undefined ? {} : { zi }),
            // A non-péréqué commune of the official table: its NIV, known on the table's version date (ADR 0050, 0051).
            ...(typeof entry.coefficientNiv === 'number'
              ? {
                  coefficientNiv: entry.coefficientNiv,
                  coefficientNivKnownOn: pitdInfo.provenance?.version ?? null,
                }
              : {}),
          },
        },
        dateEffet,
        { overlay },
      ),
    );
    return toResultDto(result, { ...entry, ntr }, usesZi ? zi : undefined, {
      pitd: pitdInfo,
      zi: usesZi ? ziTable.info : null,
    });
  }

  /** The row of an LI / PIC point: the code exists, the commune (when given) is one of its communes, the TSO is its. */
  async function findTransportPoint(point: 'LI' | 'PIC', form: ValidatedSimulatorForm, tso: string) {
    const table = await referenceData.transportPoints(point === 'LI' ? 'li' : 'pic');
    const rows = await table.rowsOf(form.code);
    if (rows.length === 0) {
      throw validationError(
        'code',
        `Code ${point} inconnu : « ${form.code} »${table.info.isSample ? ' (table d’échantillon en service)' : ''}.`,
      );
    }
    let entry: TransportPointEntry | undefined = rows[0];
    if (form.commune) {
      const commune = form.commune;
      entry = rows.find((row) => row.communeInsee === commune || sameOperator(row.commune, commune));
      if (!entry) {
        throw validationError(
          'commune',
          `La commune « ${commune} » n'est pas rattachée au point ${point} « ${form.code} ».`,
        );
      }
    }
    const found = entry as TransportPointEntry;
    if (normaliseTso(found.tso) !== tso) {
      throw validationError(
        'tso',
        `Le TSO « ${form.tso} » ne correspond pas au point ${point} « ${form.code} » (gestionnaire de transport : ${found.tso}).`,
      );
    }
    return { entry: found, info: table.info };
  }

  async function simulateTransport(point: 'LI' | 'PIC', form: ValidatedSimulatorForm, tso: string, dateEffet: string) {
    const { entry, info } = await findTransportPoint(point, form, tso);
    const { overlay } = await tariffOverlay.current();
    const result = withTariffErrors(() =>
      simulate(
        {
          pointDeReseau: point,
          code: entry.code,
          commune: entry.commune,
          tso,
          profil: form.profil,
          tarif: form.tarif,
          ...(form.car === undefined ? {} : { car: form.car }),
          ...(form.cja === undefined ? {} : { cja: form.cja }),
          ...(form.assiette === undefined ? {} : { assiette: form.assiette }),
          ...(form.cjsInterruptible === undefined ? {} : { cjsInterruptible: form.cjsInterruptible }),
          ...(form.cpl === undefined ? {} : { cpl: form.cpl }),
          ...(form.cee === undefined ? {} : { cee: form.cee }),
          referentiel: { ntr: entry.ntr, isSample: info.isSample },
        },
        dateEffet,
        { overlay },
      ),
    );
    return toResultDto(
      result,
      { ntr: entry.ntr, libelle: entry.libelle, communeInsee: entry.communeInsee, stationMeteo: null },
      undefined,
      { pitd: null, zi: null, point: info },
    );
  }

  return {
    /** The PITD(s) of a commune by INSEE code (the address search's `citycode`): the form's pre-fill (ADR 0051). */
    async communePitd(actor: Actor | null, insee: string): Promise<CommunePitdResponse> {
      requireUser(actor);
      const table = await referenceData.pitd();
      const rows = await table.rowsOfCommune(insee);
      return {
        insee,
        points: rows.map((row) => ({
          code: row.codePitd,
          libelle: row.libelle,
          commune: row.commune,
          communeInsee: row.communeInsee,
          tso: row.tso,
          dso: row.dso,
          ntr: row.ntr,
          ntrChoices: row.ntrChoices ?? null,
          coefficientNiv: row.coefficientNiv ?? null,
        })),
        ntrFootnote: rows.some((row) => row.ntrChoices) ? table.ntrFootnote : null,
        dataset: table.info,
      };
    },

    async options(actor: Actor | null, point: 'pitd' | 'li' | 'pic', query: SimulatorOptionsQuery) {
      requireUser(actor);
      if (query.point && query.point.toLowerCase() !== point) {
        throw validationError(
          'point',
          `Le paramètre point (« ${query.point} ») ne correspond pas au type de point du chemin (« ${point} »).`,
        );
      }
      return point === 'pitd' ? pitdOptions(query) : transportOptions(point === 'li' ? 'LI' : 'PIC', query);
    },

    async simulate(actor: Actor | null, body: SimulateBody): Promise<SimulateResponse> {
      const { user } = requireUser(actor);
      const check = validateSimulatorForm(body);
      if (!check.ok) {
        throw check.code === 'BOT_DETECTED'
          ? new AppError('BOT_DETECTED', check.message)
          : validationError(check.field, check.message);
      }
      const form = check.value;
      const tso = normaliseTso(form.tso);
      if (!tso) {
        throw validationError('tso', SIMULATOR_MESSAGES.tso);
      }
      const dateEffet = `${form.dateEffetMonth ?? monthOf(now())}-01`;
      const id = randomUUID();
      // One unit of the `simulations` quota (429 « limite » when none is left), taken by the statement that stores
      // the simulation (ADR 0046): a simulation that fails, or is not stored, takes none.
      const unit = await quota.claim(user.id, 'simulations');
      const resultat =
        form.pointDeReseau === 'PITD'
          ? await simulatePitd(form, tso, dateEffet)
          : await simulateTransport(form.pointDeReseau, form, tso, dateEffet);
      const stored: StoredSimulationInput = { form: { ...form, tso }, dateEffet };
      const used = await recordSimulation(
        {
          id,
          userId: user.id,
          pointDeReseau: form.pointDeReseau,
          input: { ...stored },
          result: { ...resultat },
          gridDates: resultat.gridDates,
          dateEffet,
          usedSampleData: resultat.usedSampleData,
          createdAt: now(),
        },
        unit,
      );
      if (used === null) {
        throw quota.exceeded(unit);
      }
      const link = pdfLinks.link(id, user.id);
      return { simulationId: id, resultat, pdfUrl: link.url, pdfUrlExpiresAt: link.expiresAt.toISOString() };
    },

    /** A fresh signed link for the owner (the previous one expired while the result was on screen). */
    async pdfLink(actor: Actor | null, simulationId: string): Promise<SimulationPdfLinkResponse> {
      const { user } = requireUser(actor);
      const record = await findSimulation(db, simulationId);
      if (!record || record.userId !== user.id) {
        throw new AppError('NOT_FOUND', 'Simulation introuvable.');
      }
      if (!(await findSimulationPdf(db, record.id, PDF_RENDERER_VERSION))) {
        // Not rendered yet: say now (429 « limite ») rather than at the download when no PDF report is left.
        await quota.check(user.id, 'pdf_reports');
      }
      const link = pdfLinks.link(record.id, record.userId);
      return { pdfUrl: link.url, pdfUrlExpiresAt: link.expiresAt.toISOString() };
    },

    /** The signature is the capability (ADR 0012): no session needed, but it must be valid and unexpired. */
    async pdf(
      simulationId: string,
      exp: string | undefined,
      sig: string | undefined,
    ): Promise<{ bytes: Uint8Array; fileName: string }> {
      const record = await findSimulation(db, simulationId);
      const verdict = record ? pdfLinks.verify(record.id, record.userId, exp, sig) : 'invalid';
      if (verdict === 'invalid' || !record) {
        throw new AppError(
          'PDF_LINK_INVALID',
          'Lien de téléchargement invalide : il a pu être modifié ou ne correspond à aucune simulation.',
        );
      }
      if (verdict === 'expired') {
        throw new AppError(
          'PDF_LINK_EXPIRED',
          'Ce lien de téléchargement a expiré. Rouvrez le résultat de la simulation ou relancez-la pour obtenir un nouveau lien.',
        );
      }
      const bytes = await pdfBytes(record);
      return { bytes, fileName: `simulation-${record.dateEffet.slice(0, 7)}-${record.id.slice(0, 8)}.pdf` };
    },
  };
}

export type SimulatorService = ReturnType<typeof createSimulatorService>;

function toReport(record: SimulationRecord): SimulationReport {
  return {
    id: record.id,
    createdAt: record.createdAt,
    input: record.input as unknown as StoredSimulationInput,
    result: record.result,
  };
}
