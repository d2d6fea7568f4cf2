import { ContentPage } from '../../../components/layout/page-header.tsx';

function EnergyBudgetsPage() {
  return (
    <ContentPage
      title="Budgets énergie"
      lead="Cette page présentera comment Pilote Énergie vous aidera à préparer le budget gaz et électricité de vos sites."
    />
  );
}

export { EnergyBudgetsPage as Component };
