import { PublicPage } from '../../../components/layout/public-page.tsx';
import { TrialCta } from '../../../components/layout/trial-cta.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';

function EnergyBudgetsPage() {
  return (
    <PublicPage
      page={publicPages.energyBudgets}
      eyebrow="Fonctionnalité"
      lead="Un budget d'acheminement se construit terme par terme, site par site, avec les grilles en vigueur à la bonne date. Pilote Énergie fait ce calcul pour vous et dit d'où vient chaque chiffre."
    >
      <h2>De quoi se compose le budget réseau d'un site</h2>
      <ul>
        <li>
          <strong>Distribution</strong> (sites raccordés à GRDF)&nbsp;: abonnement annuel, terme proportionnel par MWh
          et, en option T4 ou TP, terme de capacité.
        </li>
        <li>
          <strong>Transport</strong>&nbsp;: termes de capacité TCS, TCR (multiplié par le NTR) et TCL.
        </li>
        <li>
          <strong>Stockage</strong>&nbsp;: compensation calculée sur la modulation hivernale.
        </li>
        <li>
          <strong>Taxes et contributions</strong>&nbsp;: CTA sur les parts fixes, accise sur les gaz naturels et coût
          des CEE par MWh, puis la TVA.
        </li>
      </ul>

      <h2>Comment Pilote Énergie vous aide</h2>
      <ul>
        <li>
          Le simulateur donne, pour chaque point de livraison, le coût de chaque terme en <strong>€/mois</strong> et en{' '}
          <strong>€/an</strong>.
        </li>
        <li>
          Vous choisissez le <strong>mois d'effet</strong>&nbsp;: les grilles en vigueur ce jour-là s'appliquent.
          Comparer deux mois d'effet montre l'impact d'une nouvelle grille (distribution au 1er juillet, transport au
          1er avril).
        </li>
        <li>
          Les valeurs <strong>estimées</strong> (par exemple un terme de transport reconstitué à partir de la hausse
          annoncée par la CRE, ou le coût des CEE) sont signalées comme telles&nbsp;: vous savez quelles lignes réviser
          lorsque la grille officielle sera publiée.
        </li>
        <li>
          Chaque simulation peut être exportée en <strong>rapport PDF</strong>, à joindre à votre dossier budgétaire.
        </li>
      </ul>

      <h2>Pour un parc multi-sites</h2>
      <p>
        Simulez chaque point avec ses propres paramètres (commune, PITD, option tarifaire, CAR ou CJA)&nbsp;: deux sites
        voisins peuvent avoir des NTR ou des transporteurs différents. Commencez par les sites en option T4 ou raccordés
        au transport, où la capacité pèse le plus, puis passez-les à l'
        <Link to={paths.cjaOptimisation.getHref()}>optimisation de la CJA</Link>.
      </p>
      <TrialCta title="Préparez le budget réseau de vos sites" />
    </PublicPage>
  );
}

export { EnergyBudgetsPage as Component };
