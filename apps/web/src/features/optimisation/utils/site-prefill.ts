import type { Site } from '@pilote/contracts';
import type { OptimisationFormValues } from './optimisation-form.ts';

/**
 * A site's data as the optimisation form's initial values (ADR 0068, `?site=<id>`): point, code, commune, option,
 * profile and current CJA; the consumption series is chosen in the form.
 */
export function optimisationValuesFromSite(site: Site): Partial<OptimisationFormValues> {
  return {
    pointDeReseau: site.pointType ?? '',
    code: site.pointCode ?? '',
    commune: site.address?.city ?? '',
    tarif: site.option ?? '',
    profil: site.profile ?? '',
    cjaActuelle: site.cja === null ? '' : String(site.cja).replace('.', ','),
  };
}
