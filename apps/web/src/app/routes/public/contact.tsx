import { ContentPage } from '../../../components/layout/page-header.tsx';

function ContactPage() {
  return (
    <ContentPage
      title="Contact"
      lead="Cette page indiquera comment joindre l'équipe Pilote Énergie pour une question commerciale, technique ou relative à vos données."
    />
  );
}

export { ContactPage as Component };
