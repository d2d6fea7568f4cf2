import { PublicPage } from '../../../components/layout/public-page.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';

function SecurityPage() {
  return (
    <PublicPage
      page={publicPages.security}
      eyebrow="Confiance"
      lead="Voici, concrètement, ce qui protège votre compte et vos données dans Pilote Énergie aujourd'hui, et ce qui arrive avec les prochaines fonctionnalités."
    >
      <h2>En place aujourd'hui</h2>
      <h3>Comptes et mots de passe</h3>
      <ul>
        <li>
          Les mots de passe ne sont jamais stockés en clair&nbsp;: ils sont hachés avec <strong>scrypt</strong>, un
          algorithme volontairement coûteux, avec un sel propre à chaque compte et un coût conforme aux recommandations
          de l'OWASP. Huit caractères minimum&nbsp;; les adresses e-mail jetables sont refusées.
        </li>
        <li>
          L'adresse e-mail est <strong>vérifiée</strong> par un lien (valable 24&nbsp;heures) avant la première
          connexion. Un compte Google ne se rattache à un compte existant que si les deux adresses sont vérifiées.
        </li>
        <li>
          La réinitialisation du mot de passe <strong>ferme toutes les sessions ouvertes</strong>. Les réponses ne
          révèlent pas si une adresse possède un compte.
        </li>
        <li>
          Les tentatives de connexion, d'inscription et de réinitialisation sont <strong>limitées</strong> par adresse
          IP, comme les envois du formulaire de contact.
        </li>
      </ul>
      <h3>Sessions et navigateur</h3>
      <ul>
        <li>
          La session est portée par un cookie <strong>HttpOnly</strong> (illisible par le code de la page), valable
          7&nbsp;jours. Dans l'espace client, une inactivité de 5&nbsp;minutes entraîne la déconnexion.
        </li>
        <li>
          Chaque action qui modifie des données exige un <strong>jeton anti-CSRF</strong>, ce qui empêche un autre site
          d'agir en votre nom.
        </li>
        <li>
          Une <strong>politique de sécurité du contenu (CSP)</strong> n'autorise que les scripts servis par Pilote
          Énergie&nbsp;: aucun script en ligne, aucun traceur ni outil de mesure d'audience tiers. Le site ne peut pas
          être affiché dans le cadre d'un autre site. En HTTPS, le navigateur est tenu de ne jamais revenir en HTTP
          (HSTS).
        </li>
      </ul>
      <h3>Données et droits d'accès</h3>
      <ul>
        <li>
          <strong>Isolation par utilisateur</strong>&nbsp;: chaque requête est rattachée à votre session et le serveur
          vérifie que vous êtes le propriétaire de ce que vous consultez (simulations, rapports).
        </li>
        <li>
          Trois rôles&nbsp;: utilisateur, équipe support et administrateur. Le support voit la liste des comptes mais
          pas le contenu des e-mails de connexion&nbsp;; seuls les administrateurs changent les rôles.
        </li>
        <li>
          Les rapports PDF se téléchargent par des <strong>liens signés qui expirent</strong>.
        </li>
        <li>
          Les données sont stockées dans une base <strong>PostgreSQL</strong> (ou PGlite, sa version embarquée, pour une
          installation sur un seul serveur).
        </li>
      </ul>

      <h2>Avec les prochaines fonctionnalités</h2>
      <ul>
        <li>
          <strong>Mandats d'accès aux données</strong>&nbsp;: les données reçues des gestionnaires de réseau seront
          chiffrées en <strong>AES-256</strong>, supprimées dans les 30&nbsp;jours suivant la révocation d'un mandat,
          les traces des mandats eux-mêmes étant conservées 5&nbsp;ans.
        </li>
        <li>
          <strong>Audit des factures</strong>&nbsp;: les fichiers déposés serviront uniquement à l'audit demandé.
        </li>
      </ul>

      <h2>Signaler une vulnérabilité</h2>
      <p>
        Vous pensez avoir trouvé une faille&nbsp;? Écrivez-nous depuis la page{' '}
        <Link to={paths.contact.getHref()}>Contact</Link> (sujet «&nbsp;Autre sujet&nbsp;») en décrivant le problème et
        la façon de le reproduire, sans accéder aux données d'autres utilisateurs. Nous vous répondons et vous tenons
        informé de la correction.
      </p>
      <p>
        Pour l'usage que nous faisons de vos données personnelles, voir la{' '}
        <Link to={paths.privacy.getHref()}>politique de confidentialité</Link>.
      </p>
    </PublicPage>
  );
}

export { SecurityPage as Component };
