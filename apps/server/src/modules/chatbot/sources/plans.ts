import { BUSINESS_TRIAL_DAYS, type Plan, planCatalogue, publicPlanIds } from '@pilote/contracts';
import type { Passage } from '../passage.ts';
import { frenchNumber } from './french-format.ts';

/** Where a signed-in user compares the plans and changes theirs (the plan cards of the settings page). */
export const PLANS_PAGE = '/private/account/settings';

function featureText(feature: Plan['features'][number], interval: string): string {
  if (feature.type === 'boolean') {
    return `${feature.label} : ${feature.allowed ? 'inclus' : 'non inclus'}`;
  }
  return `${feature.label} : ${feature.limit === null ? 'illimité' : `${frenchNumber(feature.limit, 0)} par ${interval}`}`;
}

/**
 * One passage per plan of the catalogue (the one the server enforces and the settings page shows, ADR 0027): its
 * price and each limit, so « combien coûte la formule Premium ? » is answered from the same figures as the quotas.
 */
export function planPassages(): Passage[] {
  const plans = [...publicPlanIds.map((id) => planCatalogue[id]), planCatalogue.business_trial];
  return plans.map((plan) => {
    const trial = plan.id === 'business_trial';
    const price = `${frenchNumber(plan.price, 0)} € HT par ${plan.interval === 'year' ? 'an' : 'mois'}`;
    return {
      id: `formule:${plan.id}`,
      title: trial ? `${plan.name} — ${BUSINESS_TRIAL_DAYS} jours` : `Formule ${plan.name} — ${price}`,
      text: [
        `${plan.description}`,
        `${trial ? 'Limites pendant l’essai' : 'Limites par mois'} : ${plan.features.map((feature) => featureText(feature, trial ? 'essai' : 'mois')).join(' ; ')}.`,
        'Votre formule, votre consommation et la date de remise à zéro sont dans les paramètres du compte, où vous pouvez aussi changer de formule.',
      ].join(' '),
      url: PLANS_PAGE,
      keywords: 'formule abonnement offre prix tarif plan quota limite',
    };
  });
}
