/** A simulation: the form checked against the reference tables, the tariff engine run, the result stored (ADR 0046). */
import { randomUUID } from 'node:crypto';
import {
  type ReferenceDatasetInfo,
  SIMULATOR_MESSAGES,
  type SimulateBody,
  type SimulateResponse,
  type SimulationResultDto,
  sourceList,
  subscribedTarifs,
  type ValidatedSimulatorForm,
  validateSimulatorForm,
} from '@pilote/contracts';
import { normaliseTso, type SimulationResult, simulate } from '@pilote/tariffs';
import { type Actor, requireUser } from '../../lib/actor.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { withTariffErrors } from '../../lib/tariff-errors.ts';
import type { OrganisationScope } from '../organisations/access.ts';
import { normaliseCommuneName } from '../reference-data/communes.ts';
import { findPitdPoint } from '../reference-data/pitd-point.ts';
import type { PitdEntry } from '../reference-data/source.ts';
import { findTransportPoint } from '../reference-data/transport-point.ts';
import { monthOf, type SimulatorContext } from './context.ts';
import type { StoredSimulationInput } from './report.ts';
import { simulationRecorder } from './repository.ts';

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

function sameOperator(a: string, b: string): boolean {
  return normaliseCommuneName(a) === normaliseCommuneName(b);
}

export function createSimulate({
  db,
  referenceData,
  tariffOverlay,
  pdfLinks,
  quota,
  checkSite,
  access,
  now,
}: SimulatorContext) {
  const recordSimulation = simulationRecorder(db);

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

  async function simulateTransport(point: 'LI' | 'PIC', form: ValidatedSimulatorForm, tso: string, dateEffet: string) {
    const { entry, info } = await findTransportPoint(referenceData, {
      point,
      code: form.code,
      // The form may leave the commune of an LI / PIC point out: the code's first row then.
      commune: form.commune || undefined,
      tso: form.tso,
      normalisedTso: tso,
    });
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

  /**
   * `siteId`: saved to that site of the caller's organisation (`?site=`, ADR 0068), checked first. `scope`: the
   * organisation it is made in, already authorised by the caller (the history's « Recalculer »: the recalculated
   * one's); else the caller's active organisation, where their role must allow creating (ADR 0066). Also resolves to
   * the result's JSON text, the one stored (ADR 0075).
   */
  async function run(
    actor: Actor | null,
    body: SimulateBody,
    options: { siteId?: string | undefined; scope?: OrganisationScope | undefined },
  ): Promise<{ response: SimulateResponse; resultJson: string }> {
    const signedIn = requireUser(actor);
    const { user } = signedIn;
    const { organisationId } = options.scope ?? (await access.scope(signedIn, 'create'));
    if (options.siteId) {
      await checkSite(signedIn, options.siteId);
    }
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
    // The plan's rows come with the session's statement when it read them (ADR 0075).
    const unit = await quota.claim(user.id, 'simulations', signedIn);
    const resultat =
      form.pointDeReseau === 'PITD'
        ? await simulatePitd(form, tso, dateEffet)
        : await simulateTransport(form.pointDeReseau, form, tso, dateEffet);
    const stored: StoredSimulationInput = { form: { ...form, tso }, dateEffet };
    // The result's JSON text, written once: stored, and answered as it is (ADR 0075).
    const resultJson = JSON.stringify(resultat);
    const used = await recordSimulation(
      {
        id,
        userId: user.id,
        organisationId,
        pointDeReseau: form.pointDeReseau,
        input: { ...stored },
        result: { ...resultat },
        resultJson,
        gridDates: resultat.gridDates,
        dateEffet,
        usedSampleData: resultat.usedSampleData,
        siteId: options.siteId ?? null,
        createdAt: now(),
      },
      unit,
    );
    if (used === null) {
      throw quota.exceeded(unit);
    }
    const link = pdfLinks.link(id, user.id);
    return {
      response: { simulationId: id, resultat, pdfUrl: link.url, pdfUrlExpiresAt: link.expiresAt.toISOString() },
      resultJson,
    };
  }

  return {
    /** A simulation, stored; see {@link run}. */
    async simulate(
      actor: Actor | null,
      body: SimulateBody,
      options: { siteId?: string | undefined; scope?: OrganisationScope | undefined } = {},
    ): Promise<SimulateResponse> {
      return (await run(actor, body, options)).response;
    },

    /**
     * The same, answered as JSON text (the route `POST /api/simulator/simulate/`, ADR 0075): the result's text is the
     * one written for the stored row, not serialised a second time. `json` parses to exactly `response`.
     */
    async simulateAsJson(
      actor: Actor | null,
      body: SimulateBody,
      options: { siteId?: string | undefined } = {},
    ): Promise<{ response: SimulateResponse; json: string }> {
      const { response, resultJson } = await run(actor, body, options);
      const json = `{"simulationId":${JSON.stringify(response.simulationId)},"resultat":${resultJson},"pdfUrl":${JSON.stringify(response.pdfUrl)},"pdfUrlExpiresAt":${JSON.stringify(response.pdfUrlExpiresAt)}}`;
      return { response, json };
    },
  };
}
