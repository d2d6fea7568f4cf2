import { ContentPage } from '../../../components/layout/page-header.tsx';

function TariffsPage() {
  return (
    <ContentPage
      title="Tarifs de l'énergie"
      lead="Cette page présentera les tarifs d'acheminement du gaz naturel (distribution, transport et stockage) et les taxes qui s'y ajoutent, tels que publiés par la Commission de régulation de l'énergie."
    />
  );
}

export { TariffsPage as Component };
