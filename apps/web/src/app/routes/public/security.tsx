import { ContentPage } from '../../../components/layout/page-header.tsx';

function SecurityPage() {
  return (
    <ContentPage
      title="Sécurité"
      lead="Cette page décrira les mesures qui protègent votre compte et vos données sur Pilote Énergie, et comment nous signaler une vulnérabilité."
    />
  );
}

export { SecurityPage as Component };
