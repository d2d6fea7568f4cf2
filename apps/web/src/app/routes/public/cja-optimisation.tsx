import { ContentPage } from '../../../components/layout/page-header.tsx';

function CjaOptimisationPage() {
  return (
    <ContentPage
      title="Optimisation de la CJA"
      lead="Cette page expliquera comment Pilote Énergie compare le coût annuel de votre capacité journalière (CJA) avant et après optimisation, à partir de votre consommation journalière de gaz."
    />
  );
}

export { CjaOptimisationPage as Component };
