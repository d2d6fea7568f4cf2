import { PublicPage } from '../../../components/layout/public-page.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';

function TermsPage() {
  return (
    <PublicPage
      page={publicPages.terms}
      eyebrow="Informations légales"
      lead="Ces conditions encadrent l'utilisation de la plateforme Pilote Énergie par les entreprises et leurs collaborateurs. En créant un compte, vous les acceptez."
    >
      <h2>1. Le service</h2>
      <p>
        Pilote Énergie est une plateforme en ligne destinée aux professionnels. Elle permet de simuler les tarifs
        d'acheminement du gaz naturel, d'optimiser la capacité journalière souscrite (CJA), d'auditer des factures de
        transport (fonction en version bêta), de gérer des mandats d'accès aux données auprès des gestionnaires de
        réseau et d'interroger un assistant. Les fonctionnalités annoncées pour l'électricité ne sont pas encore
        disponibles.
      </p>

      <h2>2. Votre compte</h2>
      <ul>
        <li>
          Le compte est personnel. Vous fournissez une adresse e-mail valide, que vous confirmez, et vous gardez votre
          mot de passe confidentiel.
        </li>
        <li>Vous êtes responsable des informations que vous saisissez et de l'usage fait depuis votre compte.</li>
        <li>
          Vous pouvez demander la fermeture de votre compte à tout moment depuis la page{' '}
          <Link to={paths.contact.getHref()}>Contact</Link>.
        </li>
      </ul>

      <h2>3. Essai gratuit, formules et quotas</h2>
      <p>
        L'essai gratuit ne demande aucune carte bancaire. Chaque formule comprend des quotas d'utilisation par
        fonctionnalité, remis à zéro à chaque période&nbsp;; votre consommation est visible dans les paramètres de votre
        compte. Les formules payantes se gèrent depuis le portail de facturation accessible dans votre compte.
      </p>

      <h2>4. Les résultats des calculs</h2>
      <p>
        Les simulations, optimisations et audits reposent sur les grilles tarifaires publiques et sur les données que
        vous fournissez. Chaque valeur tarifaire est affichée avec sa date, sa source et son statut&nbsp;; certaines
        sont des estimations et sont signalées comme telles. Les résultats sont une aide à la décision&nbsp;: ils ne
        remplacent ni votre contrat d'acheminement, ni les factures de votre gestionnaire de réseau, qui font foi.
      </p>

      <h2>5. Mandats d'accès aux données</h2>
      <p>
        Un mandat est une autorisation que vous donnez, pour un point de livraison dont vous avez la charge, à un
        gestionnaire de réseau de nous transmettre certaines données. Vous choisissez les données autorisées et la
        durée. Un mandat est révocable à tout moment&nbsp;; les données obtenues sont alors supprimées dans les
        30&nbsp;jours.
      </p>
      <p>
        Vous créez un mandat depuis votre espace client, soit par le formulaire classique (consentement d'un clic), soit
        par le parcours «&nbsp;Signature électronique certifiée&nbsp;», qui recueille une signature électronique simple
        au sens du règlement eIDAS (ni avancée, ni qualifiée), tracée à l'écran. Le PDF du mandat porte un dossier de
        preuve et le cachet électronique de la plateforme, qui rend toute modification ultérieure détectable.
      </p>

      <h2>6. Usages interdits</h2>
      <p>
        Il est interdit de tenter d'accéder aux données d'autres utilisateurs, de contourner les limites d'utilisation
        ou les mesures de sécurité, d'automatiser massivement les requêtes ou d'utiliser le service pour un autre objet
        que la gestion de vos propres coûts d'énergie. Nous pouvons suspendre un compte qui ne respecte pas ces règles.
      </p>

      <h2>7. Données personnelles</h2>
      <p>
        Le traitement de vos données est décrit dans la{' '}
        <Link to={paths.privacy.getHref()}>politique de confidentialité</Link> et les mesures de protection sur la page{' '}
        <Link to={paths.security.getHref()}>Sécurité</Link>.
      </p>

      <h2>8. Évolution des conditions</h2>
      <p>
        Ces conditions peuvent évoluer avec le service. En cas de changement important, vous en serez informé par e-mail
        ou dans votre espace client avant son entrée en vigueur. Elles sont soumises au droit français.
      </p>
    </PublicPage>
  );
}

export { TermsPage as Component };
