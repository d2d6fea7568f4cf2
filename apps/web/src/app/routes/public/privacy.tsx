import { ContentPage } from '../../../components/layout/page-header.tsx';

function PrivacyPage() {
  return (
    <ContentPage
      title="Politique de confidentialité"
      lead="Cette page décrira les données personnelles que Pilote Énergie traite, pourquoi, combien de temps elles sont conservées et comment exercer vos droits."
    />
  );
}

export { PrivacyPage as Component };
