import { ContentPage } from '../../../components/layout/page-header.tsx';

function FaqPage() {
  return (
    <ContentPage
      title="Questions fréquentes"
      lead="Cette page répondra aux questions courantes sur Pilote Énergie&nbsp;: simulation des tarifs, optimisation de la CJA, contrôle des factures, mandats d'accès aux données et abonnement."
    />
  );
}

export { FaqPage as Component };
