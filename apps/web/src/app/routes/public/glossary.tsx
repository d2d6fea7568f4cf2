import { ContentPage } from '../../../components/layout/page-header.tsx';

function GlossaryPage() {
  return (
    <ContentPage
      title="Glossaire"
      lead="Ce glossaire définira les termes du gaz et de l'électricité employés sur Pilote Énergie, comme CJA, CAR, PCE, PDL, ATRD, ATRT ou CTA."
    />
  );
}

export { GlossaryPage as Component };
