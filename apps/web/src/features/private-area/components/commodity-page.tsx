import { Alert } from '../../../components/ui/alert.tsx';

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

/**
 * Spec §2.3: simulator and optimisation work for gas only; for elec the page says it is not yet available for
 * electricity, for any other value that it cannot be loaded for this commodity. The gas pages (simulator,
 * optimisation, audit) are rendered by `app/routes/private/energy-page.tsx`, each in its own lazy chunk.
 */
export function CommodityFeaturePage({ energy, feature }: { energy: string; feature: CommodityFeature }) {
  const title = commodityFeatureTitles[feature];
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-foreground">{title}</h1>
      {energy === 'elec' ? (
        <Alert tone="info">{commodityMessages.notYetForElectricity}</Alert>
      ) : (
        <Alert tone="error">{commodityMessages.unknownCommodity}</Alert>
      )}
    </div>
  );
}
