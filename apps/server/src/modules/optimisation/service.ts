import { randomUUID } from 'node:crypto';
import {
  type OptimisationBody,
  type OptimisationParam,
  type OptimisationResponse,
  type ReferenceDatasetInfo,
  type ValidatedOptimisationForm,
  validateOptimisationForm,
} from '@pilote/contracts';
import {
  addDays,
  normaliseTso,
  type OptimisationResult,
  optimiserCja,
  type ParameterOverlay,
  type SerieJournaliere,
  synthetiserSerie,
} from '@pilote/tariffs';
import type { Database } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { withTariffErrors } from '../../lib/tariff-errors.ts';
import { type Actor, requireUser } from '../auth/session.ts';
import { shiftYears } from '../consumption-data/series-window.ts';
import type { ConsumptionDataService } from '../consumption-data/service.ts';
import type { OrganisationAccess, OrganisationScope } from '../organisations/access.ts';
import type { Quota } from '../plans/quota.ts';
import { normaliseCommuneName } from '../reference-data/communes.ts';
import { findPitdPoint } from '../reference-data/pitd-point.ts';
import type { ReferenceData } from '../reference-data/source.ts';
import { findTransportPoint } from '../reference-data/transport-point.ts';
import type { TariffOverlaySource } from '../tariff-data/overlay-source.ts';
import { insertOptimisation } from './repository.ts';

/** Where the typical-year model is documented (answered with synthesised series). */
export const SYNTHESIS_MODEL_DOC = 'docs/optimiser.md#4-série-journalière-synthétique';
/** Imported total vs `assiette`: beyond this relative gap the response warns. */
const ASSIETTE_GAP_WARNING = 0.2;

export interface OptimisationServiceDependencies {
  db: Database;
  referenceData: ReferenceData;
  consumption: ConsumptionDataService;
  /** Stored dated values laid over the packaged grids (ADR 0025). */
  tariffOverlay: TariffOverlaySource;
  /** The plans' quotas (ADR 0027). */
  quota: Quota;
  /** Throws (404 / 403) unless the caller may save a result to this site of their organisation (ADR 0068). */
  checkSite: (actor: Actor, siteId: string) => Promise<void>;
  /** Optimisations belong to organisations (ADR 0066): made in the active one unless the caller names one. */
  access: Pick<OrganisationAccess, 'scope'>;
  now?: () => Date;
}

/** The point optimised, from the PITD table or the LI / PIC tables (ADR 0052). */
interface ResolvedPoint {
  point: ValidatedOptimisationForm['pointDeReseau'];
  code: string;
  libelle: string;
  commune: string;
  communeInsee: string;
  tso: string;
  /** The PITD's distributor; '' for LI / PIC. */
  dso: string;
  ntr: number;
  /** The weather station of a typical year (LI / PIC: the commune's PITD's), null when none is known. */
  stationMeteo: string | null;
  pitdDataset: ReferenceDatasetInfo | null;
  pointDataset: ReferenceDatasetInfo | null;
  isSample: boolean;
}

function toParam(param: OptimisationResult['params'][number]): OptimisationParam {
  return {
    id: param.id,
    libelle: param.libelle,
    valeur: param.valeur,
    unite: param.unite,
    statut: param.statut,
    estimation: param.statut === 'estimate',
    sources: param.sources.map((source) => ({ ...source })),
    notes: param.notes ?? null,
  };
}

function toBreakdown(b: OptimisationResult['details']['avant']) {
  return {
    transport_fixe: b.transport_fixe,
    transport_stockage: b.transport_stockage,
    transport_penalites: b.transport_penalites,
    distribution_fixe: b.distribution_fixe,
    total_annuel: b.total_annuel,
    details: { ...b.details, penalitesParMois: { ...b.details.penalitesParMois } },
  };
}

/** An optimisation as stored: its history id and the answer returned to the client. */
export interface StoredOptimisation {
  id: string;
  createdAt: Date;
  response: OptimisationResponse;
}

/**
 * The request kept with a stored optimisation (`optimisations.input`, ADR 0064): the validated form as a body
 * `POST /api/optimisation/` accepts as it is (numbers, absent fields null), with the month of effect used.
 */
export function storedInputOf(form: ValidatedOptimisationForm, dateEffet: string): OptimisationBody {
  return {
    pointDeReseau: form.pointDeReseau,
    code: form.code,
    commune: form.commune,
    tso: form.tso,
    tarif: form.tarif,
    profil: form.profil,
    assiette: form.assiette,
    cjsInterruptible: form.cjsInterruptible,
    cpl: form.cpl,
    dateEffetMonth: dateEffet.slice(0, 7),
    cjaActuelle: form.cjaActuelle ?? null,
    capacitesMensuelles: form.capacitesMensuelles ?? null,
    datasetId: form.datasetId ?? null,
    pce: form.pce ?? null,
  };
}

export function createOptimisationService({
  db,
  referenceData,
  consumption,
  tariffOverlay,
  quota,
  checkSite,
  access,
  now = () => new Date(),
}: OptimisationServiceDependencies) {
  /**
   * The point's row: a PITD checked like the simulator does (code, commune, TSO), DSO GRDF; an LI / PIC point from
   * its table (code, commune, TSO; its NTR is the table's), with the weather station of its commune's PITD.
   */
  async function resolvePoint(form: ValidatedOptimisationForm, tso: string): Promise<ResolvedPoint> {
    const point = form.pointDeReseau;
    if (point === 'LI' || point === 'PIC') {
      const { entry, info } = await findTransportPoint(referenceData, {
        point,
        code: form.code,
        commune: form.commune,
        tso: form.tso,
        normalisedTso: tso,
      });
      const pitd = await referenceData.pitd();
      const communePitd = (await pitd.rowsOfCommune(entry.communeInsee))[0];
      return {
        point,
        code: entry.code,
        libelle: entry.libelle,
        commune: entry.commune,
        communeInsee: entry.communeInsee,
        tso: entry.tso,
        dso: '',
        ntr: entry.ntr,
        stationMeteo: communePitd?.stationMeteo ?? null,
        pitdDataset: communePitd ? pitd.info : null,
        pointDataset: info,
        isSample: info.isSample,
      };
    }
    const { entry, info } = await findPitdPoint(referenceData, {
      code: form.code,
      commune: form.commune,
      tso: form.tso,
      normalisedTso: tso,
    });
    if (normaliseCommuneName(entry.dso) !== 'grdf') {
      throw new AppError(
        'UNSUPPORTED_POINT',
        `Ce point n'est pas encore supporté : l'optimisation de la CJA couvre le réseau de distribution GRDF (gestionnaire de distribution de ${entry.commune} : ${entry.dso}).`,
      );
    }
    return {
      point: 'PITD',
      code: entry.codePitd,
      libelle: entry.libelle,
      commune: entry.commune,
      communeInsee: entry.communeInsee,
      tso: entry.tso,
      dso: entry.dso,
      ntr: entry.ntr,
      stationMeteo: entry.stationMeteo,
      pitdDataset: info,
      pointDataset: null,
      isSample: info.isSample,
    };
  }

  function run(
    form: ValidatedOptimisationForm,
    tso: string,
    entry: ResolvedPoint,
    dateEffet: string,
    serie: SerieJournaliere,
    overlay: ParameterOverlay,
  ) {
    return withTariffErrors(() =>
      optimiserCja({
        raccordement: entry.point === 'PITD' ? 'distribution' : 'transport',
        tarif: form.tarif,
        tso,
        ntr: entry.ntr,
        dateEffet,
        serie,
        overlay,
        cjsInterruptible: form.cjsInterruptible,
        ...(form.cjaActuelle === undefined ? {} : { cjaActuelle: form.cjaActuelle }),
        ...(form.capacitesMensuelles === undefined ? {} : { capacitesMensuelles: form.capacitesMensuelles }),
      }),
    );
  }

  /**
   * Optimises and stores it (summary, request and answer: ADR 0037, 0064); the stored row's id with the answer.
   * `optimise` answers the client; the history's « Recalculer » needs the new entry's id.
   */
  /**
   * `siteId`: saved to that site of the caller's organisation (`?site=`, ADR 0068), checked first. `scope`: the
   * organisation it is made in, already authorised by the caller (the history's « Recalculer »: the recalculated
   * one's); else the caller's active organisation, where their role must allow creating (ADR 0066). The
   * consumption dataset is looked for in that organisation.
   */
  async function optimiseAndStore(
    actor: Actor | null,
    body: OptimisationBody,
    options: { siteId?: string | undefined; scope?: OrganisationScope | undefined } = {},
  ): Promise<StoredOptimisation> {
    const signedIn = requireUser(actor);
    const { user } = signedIn;
    const { organisationId } = options.scope ?? (await access.scope(signedIn, 'create'));
    if (options.siteId) {
      await checkSite(signedIn, options.siteId);
    }
    const check = validateOptimisationForm(body);
    if (!check.ok) {
      throw validationError(check.field, check.message);
    }
    const form = check.value;
    const tso = normaliseTso(form.tso);
    if (!tso) {
      throw validationError('tso', `TSO inconnu : « ${form.tso} » (attendu : NaTran ou Teréga).`);
    }
    if (form.capacitesMensuelles !== undefined) {
      // Monthly capacities are a paid capability (plan catalogue: monthly_capacities).
      await quota.requireAllowed(user.id, 'monthly_capacities');
    }
    // One unit of the `optimisations` quota, given back if the optimisation fails.
    return quota.run(user.id, 'optimisations', async (): Promise<StoredOptimisation> => {
      const dateEffet = `${form.dateEffetMonth ?? now().toISOString().slice(0, 7)}-01`;
      const entry = await resolvePoint(form, tso);

      const selection = await consumption.selectSeries(
        organisationId,
        { datasetId: form.datasetId, pce: form.pce },
        dateEffet,
      );
      const warnings: string[] = [];
      let serie: SerieJournaliere;
      let series: Pick<OptimisationResponse['series'], 'estimation' | 'message' | 'source'>;
      const extraParams: OptimisationParam[] = [];
      if (selection.kind === 'dataset') {
        const { selected } = selection;
        serie = { origine: 'mesures', jours: selected.jours };
        series = {
          estimation: false,
          message: selected.message,
          source: {
            type: 'dataset',
            datasetId: selected.dataset.id,
            pce: selected.dataset.pce,
            label: selected.dataset.label,
            regle: selected.window.regle,
            debut: selected.window.debut,
            fin: selected.window.fin,
          },
        };
        const total = selected.jours.reduce((sum, day) => sum + (day.mwh ?? 0), 0);
        if (form.assiette > 0 && Math.abs(total - form.assiette) / form.assiette > ASSIETTE_GAP_WARNING) {
          warnings.push(
            `L’assiette indiquée (${form.assiette} MWh/an) s’écarte de plus de ${ASSIETTE_GAP_WARNING * 100} % du total des relevés utilisés (${Math.round(total * 10) / 10} MWh) : l’optimisation porte sur les relevés.`,
          );
        }
      } else {
        const debut = shiftYears(dateEffet, -1);
        const stationMeteo = entry.stationMeteo;
        if (stationMeteo === null) {
          throw validationError(
            'commune',
            `Aucune station météo connue pour la commune « ${entry.commune} » (aucun PITD de la commune dans la table des PITD) : importez les relevés journaliers du point ${entry.point} pour l’optimiser.`,
          );
        }
        const synthesis = withTariffErrors(() =>
          synthetiserSerie({
            assiette: form.assiette,
            profil: form.profil,
            stationMeteo,
            debut,
          }),
        );
        serie = synthesis.serie;
        const jours = synthesis.serie.jours;
        const fin = jours[jours.length - 1]?.date ?? addDays(dateEffet, -1);
        const message = `ESTIMATION — consommation journalière synthétisée (année type) à partir de l’assiette (${form.assiette} MWh/an), du profil ${form.profil} et de la station météo ${stationMeteo}${entry.point === 'PITD' ? '' : ` (celle du PITD de la commune ${entry.commune})`} (températures de ${synthesis.ville}) : ${selection.raison.charAt(0).toLowerCase()}${selection.raison.slice(1)} La CJA proposée est indicative.`;
        series = {
          estimation: true,
          message,
          source: {
            type: 'synthese',
            raison: selection.raison,
            stationMeteo,
            villeReference: synthesis.ville,
            partChauffage: synthesis.partChauffage,
            debut,
            fin,
            modele: SYNTHESIS_MODEL_DOC,
            sources: synthesis.sources.map((source) => ({ ...source })),
          },
        };
        warnings.push(...synthesis.warnings);
        extraParams.push({
          id: 'serie.part-chauffage',
          libelle: `Part thermosensible de la consommation (profil ${form.profil}), hypothèse de l’année type`,
          valeur: synthesis.partChauffage,
          unite: 'ratio',
          statut: 'estimate',
          estimation: true,
          sources: synthesis.sources.map((source) => ({ ...source })),
          notes: `Températures de la ville de référence ${synthesis.ville} pour la station ${stationMeteo}.`,
        });
      }
      if (form.cpl > 0 && entry.point === 'PITD') {
        warnings.push(
          'La capacité de livraison (cpl) ne concerne que les points raccordés au réseau de transport : ignorée pour un PITD.',
        );
      }
      if (form.cpl > 0 && entry.point !== 'PITD') {
        warnings.push(
          'La capacité de livraison (cpl) n’est pas optimisée : le TCL est compté sur la capacité journalière souscrite (ADR 0052).',
        );
      }
      if (entry.isSample) {
        warnings.unshift(
          entry.point === 'PITD'
            ? 'Table des PITD d’échantillon (aucune table officielle importée) : NTR et station météo fictifs, résultat indicatif.'
            : `Table des points ${entry.point} d’échantillon (aucune table importée) : code et NTR fictifs, résultat indicatif.`,
        );
      }
      if (entry.point !== 'PITD') {
        warnings.push(
          `NTR du point ${entry.point} : ${entry.ntr}, celui de la table des points ${entry.point} en service (saisi à l’import) : l’annexe de l’ATRT8 qui donne le NTR de chaque site raccordé au transport n’a pas de copie accessible.`,
        );
      }

      const { overlay } = await tariffOverlay.current();
      const result = run(form, tso, entry, dateEffet, serie, overlay);
      const { serie: out } = result;
      const response: OptimisationResponse = {
        dateEffet,
        tarif: form.tarif,
        cjaOptimisee: result.cjaOptimisee,
        cjaActuelle: result.cjaActuelle,
        economieAnnuelle: result.economieAnnuelle,
        pourcentageEconomie: result.pourcentageEconomie,
        couts: { avant: { ...result.couts.avant }, apres: { ...result.couts.apres } },
        capacitesMensuelles:
          result.capacitesMensuellesActuelles && result.capacitesMensuellesOptimisees
            ? {
                actuelles: [...result.capacitesMensuellesActuelles],
                optimisees: [...result.capacitesMensuellesOptimisees],
              }
            : null,
        params: [...result.params.map(toParam), ...extraParams],
        warnings: [...warnings, ...result.warnings],
        hasEstimates: result.hasEstimates || entry.isSample,
        usedSampleData: entry.isSample,
        series: {
          origine: out.origine,
          ...series,
          consoJournaliere: out.consoJournaliere.map((day) => ({ ...day })),
          joursMesures: out.joursMesures,
          joursEstimes: out.joursEstimes,
          joursManquants: out.joursManquants,
          maxJournalier: out.maxJournalier,
          totalMwh: out.totalMwh,
        },
        details: { avant: toBreakdown(result.details.avant), apres: toBreakdown(result.details.apres) },
        referentiel: {
          pointDeReseau: entry.point,
          code: entry.code,
          libelle: entry.libelle,
          commune: entry.commune,
          communeInsee: entry.communeInsee,
          tso: entry.tso,
          dso: entry.dso,
          ntr: entry.ntr,
          stationMeteo: entry.stationMeteo,
          pitdDataset: entry.pitdDataset,
          pointDataset: entry.pointDataset,
        },
        stats: { candidats: result.stats.candidats },
      };
      // A summary for the owner's assistant (« ma dernière optimisation », ADR 0037) and the history's list; the
      // request and the whole answer to reopen and recalculate it (ADR 0064).
      const id = randomUUID();
      const createdAt = now();
      await insertOptimisation(db, {
        id,
        userId: user.id,
        organisationId,
        code: entry.code,
        commune: entry.commune,
        tso: entry.tso,
        tarif: form.tarif,
        dateEffet,
        cjaActuelle: result.cjaActuelle,
        cjaOptimisee: result.cjaOptimisee,
        economieAnnuelle: result.economieAnnuelle,
        pourcentageEconomie: result.pourcentageEconomie,
        coutAvant: result.couts.avant.total_annuel,
        coutApres: result.couts.apres.total_annuel,
        seriesEstimated: series.estimation,
        hasEstimates: result.hasEstimates || entry.isSample,
        input: storedInputOf(form, dateEffet),
        result: response,
        siteId: options.siteId ?? null,
        createdAt,
      });
      return { id, createdAt, response };
    });
  }

  return {
    optimise: async (
      actor: Actor | null,
      body: OptimisationBody,
      options: { siteId?: string | undefined } = {},
    ): Promise<OptimisationResponse> => (await optimiseAndStore(actor, body, options)).response,
    optimiseAndStore,
  };
}

export type OptimisationService = ReturnType<typeof createOptimisationService>;
