import { inlineText, parseInline, type TariffExplanation, tariffBillLines, tariffValueStatuses } from '@pilote/content';
import { type Parameter, type ParameterUnit, referencesOf, statusLabel } from '@pilote/tariffs';
import type { Passage } from '../passage.ts';
import { frenchIsoDate, frenchNumber } from './french-format.ts';

const TARIFFS_PAGE = '/tarifs-energie';

/** The explanation of each line of the bill and of the values' statuses: the texts of /tarifs-energie. */
export function tariffExplanationPassages(): Passage[] {
  const passage = (item: TariffExplanation): Passage => ({
    id: `tarifs:${item.id}`,
    title: item.title,
    text: inlineText(parseInline(item.text)),
    url: `${TARIFFS_PAGE}#${item.id}`,
    keywords: item.keywords,
  });
  return [...tariffBillLines.map(passage), passage(tariffValueStatuses)];
}

/** A value with its unit, as /tarifs-energie writes it: 20,80 %, 0,8321, 127,79 €/MWh/j/an. */
export function parameterValueText(value: number, unit: ParameterUnit): string {
  switch (unit) {
    case 'ratio':
      return `${frenchNumber(value * 100, 2)} %`;
    case 'coefficient':
      return frenchNumber(value, 4);
    case 'MWh/j':
    case 'Nm³/h':
      return `${frenchNumber(value, 0)} ${unit}`;
    default:
      return `${frenchNumber(value, 2)} ${unit}`;
  }
}

/** Every word of an id, so « cta.taux-distribution » is found by « taux » and « distribution ». */
function idWords(id: string): string {
  return id.replace(/[.-]+/g, ' ');
}

/**
 * One passage per dated parameter of the engine (with the stored values laid over them, as the simulator reads
 * them): what it is, its values by date of effect with their status (« estimation » when it is one), its sources
 * and the date it was last checked. Linked to the values of /tarifs-energie.
 */
export function parameterPassages(registry: readonly Parameter[]): Passage[] {
  return registry.map((parameter) => {
    const values = parameter.entries.map((entry) => {
      const from = frenchIsoDate(entry.from);
      if (entry.value === null) {
        return `à partir du ${from} : aucune valeur (grille non intégrée)`;
      }
      const notes = entry.notes ? ` — ${entry.notes}` : '';
      return `à partir du ${from} : ${parameterValueText(entry.value, parameter.unit)} (${statusLabel(entry.status, entry.basis)})${notes}`;
    });
    const sources = new Map<string, string>();
    for (const entry of parameter.entries) {
      for (const reference of referencesOf(entry)) {
        sources.set(reference.url, `${reference.title} (${reference.url})`);
      }
    }
    const last = parameter.entries[parameter.entries.length - 1];
    const estimateNote =
      last?.status === 'estimate' ? ' La dernière valeur est une estimation, pas une valeur publiée.' : '';
    return {
      id: `parametre:${parameter.id}`,
      title: `${parameter.description} (${parameter.grid})`,
      text: [
        `${parameter.description}, grille ${parameter.grid}, en ${parameter.unit === 'ratio' ? '%' : parameter.unit}.`,
        `Valeurs par date d’effet : ${values.join(' ; ')}.${estimateNote}`,
        `Sources : ${[...sources.values()].join(' ; ')}.`,
        `Dernière vérification : ${frenchIsoDate(parameter.lastCheckedOn)}.`,
      ].join(' '),
      url: `${TARIFFS_PAGE}#valeurs`,
      keywords: `${parameter.grid} ${idWords(parameter.id)}`,
    };
  });
}
