import { ContentPage } from '../../../components/layout/page-header.tsx';

function AboutPage() {
  return (
    <ContentPage
      title="À propos"
      lead="Cette page présentera Pilote Énergie, plateforme française destinée aux entreprises clientes de gaz et d'électricité, ainsi que l'équipe qui la construit."
    />
  );
}

export { AboutPage as Component };
