import { Alert } from '../../../components/ui/alert.tsx';
import { ComingSoonCard } from './coming-soon.tsx';

export type CommodityFeature = 'simulator' | 'optimisation' | 'audit';

export const commodityFeatureTitles: Record<CommodityFeature, string> = {
  simulator: 'Simulateur',
  optimisation: 'Optimisation',
  audit: 'Audit (Beta)',
};

export const commodityMessages = {
  notYetForElectricity: "Cette page n'est pas encore disponible pour l'électricité.",
  unknownCommodity: 'Impossible de charger cette page pour cette énergie.',
} as const;

const gasPlans: Record<CommodityFeature, string> = {
  simulator:
    "Le simulateur calculera les coûts mensuels et annuels d'acheminement du gaz (PITD, LI ou PIC) à partir des grilles tarifaires en vigueur. Il arrive dans une prochaine version.",
  optimisation:
    'L’optimiseur comparera vos coûts annuels avant et après optimisation de la capacité journalière (CJA). Il arrive dans une prochaine version.',
  audit:
    'L’audit vérifiera les paramètres facturés (NTR, TCL, CAR) de vos factures de transport de gaz par rapport aux grilles officielles. Il arrive dans une prochaine version.',
};

/**
 * Spec §2.3: simulator and optimisation work for gas only; for elec the page says it is not yet available for
 * electricity, for any other value that it cannot be loaded for this commodity. The gas simulator is rendered by
 * `app/routes/private/energy-page.tsx` (its own lazy chunk); the other gas pages come with later issues and say so.
 */
export function CommodityFeaturePage({ energy, feature }: { energy: string; feature: CommodityFeature }) {
  const title = commodityFeatureTitles[feature];
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{title}</h1>
      {energy === 'gas' ? (
        <ComingSoonCard title={title}>{gasPlans[feature]}</ComingSoonCard>
      ) : energy === 'elec' ? (
        <Alert tone="info">{commodityMessages.notYetForElectricity}</Alert>
      ) : (
        <Alert tone="error">{commodityMessages.unknownCommodity}</Alert>
      )}
    </div>
  );
}
