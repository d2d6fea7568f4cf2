import { PublicPage } from '../../../components/layout/public-page.tsx';
import { TrialCta } from '../../../components/layout/trial-cta.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';

function CjaOptimisationPage() {
  return (
    <PublicPage
      page={publicPages.cjaOptimisation}
      eyebrow="Fonctionnalité"
      lead="La capacité journalière annuelle (CJA) se paie chaque jour de l'année. Pilote Énergie cherche celle qui minimise votre coût annuel de réseau, au regard de votre consommation réelle."
    >
      <h2>Pourquoi la CJA pèse autant</h2>
      <p>
        Aux options T4 et TP du tarif de distribution, et pour les sites raccordés au réseau de transport, vous réservez
        une capacité en MWh par jour. Elle est facturée toute l'année par le distributeur (terme de souscription de
        capacité) et par le transporteur (termes TCS, TCR et TCL), que vous l'utilisiez ou non.
      </p>
      <p>
        Beaucoup de sites la fixent une fois pour toutes, avec une marge de sécurité, puis ne la revoient plus. Or un
        dépassement ponctuel coûte une pénalité, quand une capacité trop haute coûte tous les jours.
      </p>

      <h2>Ce que fait l'optimiseur</h2>
      <ul>
        <li>
          Il part de votre <strong>consommation journalière</strong>&nbsp;: l'historique transmis par votre gestionnaire
          de réseau, ou une année type reconstituée à partir de votre consommation annuelle et de votre profil.
        </li>
        <li>
          Il calcule le coût annuel de chaque capacité possible&nbsp;: termes de capacité de distribution (avec les deux
          tranches de l'option T4, jusqu'à 500 MWh/j et au-delà), termes de transport, compensation de stockage et{' '}
          <strong>pénalités de dépassement</strong> des jours où la consommation dépasse la capacité.
        </li>
        <li>
          Il sait combiner une capacité annuelle et des <strong>capacités mensuelles</strong> (douze valeurs, de janvier
          à décembre) lorsque votre consommation est très saisonnière.
        </li>
        <li>
          Il retient la solution de coût minimal, vérifiée par un calcul exact, et la compare à votre situation
          actuelle.
        </li>
      </ul>

      <h2>Ce que vous obtenez</h2>
      <ul>
        <li>La CJA optimisée et votre CJA actuelle, côte à côte.</li>
        <li>
          Le coût annuel avant et après optimisation, détaillé&nbsp;: transport fixe, stockage, pénalités, distribution.
        </li>
        <li>L'économie annuelle en euros et en pourcentage.</li>
        <li>
          Un graphique interactif de votre consommation journalière&nbsp;: zoom sur une période, lecture de la valeur de
          chaque jour.
        </li>
      </ul>

      <h2>Ce qu'il faut garder en tête</h2>
      <p>
        Une capacité se modifie auprès de votre gestionnaire de réseau, selon les règles et les calendriers de votre
        contrat d'acheminement. L'optimiseur vous donne un chiffre argumenté pour cette discussion&nbsp;; il ne modifie
        rien à votre place. Les valeurs tarifaires utilisées sont affichées avec leur date et leur source sur la page{' '}
        <Link to={paths.tariffs.getHref()}>Tarifs de l'énergie</Link>.
      </p>
      <p>
        Pour aller plus loin, lisez notre article{' '}
        <Link to={paths.blogPost.getHref('optimiser-cascade-tarifaire-multi-sites')}>
          Optimiser la cascade tarifaire multi-sites
        </Link>
        .
      </p>
      <TrialCta title="Calculez la CJA optimale de vos sites" />
    </PublicPage>
  );
}

export { CjaOptimisationPage as Component };
