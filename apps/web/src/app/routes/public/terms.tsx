import { ContentPage } from '../../../components/layout/page-header.tsx';

function TermsPage() {
  return (
    <ContentPage
      title="Conditions d'utilisation"
      lead="Cette page présentera les conditions générales d'utilisation de la plateforme Pilote Énergie et de ses abonnements."
    />
  );
}

export { TermsPage as Component };
