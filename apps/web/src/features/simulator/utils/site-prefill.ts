import type { Site } from '@pilote/contracts';
import type { SimulatorFormValues } from './form-values.ts';

const text = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/**
 * A site's data as the simulator's form values (ADR 0068, `?site=<id>`): point, code, commune, option, profile, CAR
 * and CJA; what the site does not say stays empty, and the options cascade reconciles the rest like typed values.
 */
export function simulatorValuesFromSite(site: Site): Partial<SimulatorFormValues> {
  return {
    pointDeReseau: site.pointType ?? '',
    code: site.pointCode ?? '',
    commune: site.address?.city ?? '',
    tarif: site.option ?? '',
    profil: site.profile ?? '',
    car: text(site.car),
    cja: text(site.cja),
  };
}
