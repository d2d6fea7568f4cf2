import { PublicPage } from '../../../components/layout/public-page.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';

function PrivacyPage() {
  return (
    <PublicPage
      page={publicPages.privacy}
      eyebrow="Informations légales"
      lead="Pilote Énergie traite le minimum de données personnelles nécessaire pour faire fonctionner votre compte et vos calculs. Cette page dit lesquelles, pourquoi, combien de temps, et comment exercer vos droits."
    >
      <h2>Les données que nous traitons</h2>
      <ul>
        <li>
          <strong>Votre compte</strong>&nbsp;: nom, adresse e-mail, empreinte du mot de passe (jamais le mot de passe
          lui-même), rôle et formule. Si vous vous connectez avec Google&nbsp;: l'identifiant de votre compte Google,
          votre nom et, le cas échéant, votre photo de profil.
        </li>
        <li>
          <strong>Vos sessions</strong>&nbsp;: pour chaque connexion, l'adresse IP et le navigateur utilisés, ce qui
          permet de repérer une connexion inhabituelle.
        </li>
        <li>
          <strong>Vos calculs</strong>&nbsp;: les caractéristiques des points de livraison que vous saisissez (commune,
          option tarifaire, CAR, CJA, consommation…) et les résultats des simulations que vous enregistrez.
        </li>
        <li>
          <strong>Vos messages</strong>&nbsp;: ce que vous nous écrivez par le formulaire de contact (nom, e-mail,
          entreprise, sujet et message).
        </li>
        <li>
          <strong>Vos factures</strong>, si vous utilisez l'audit (bêta)&nbsp;: les fichiers déposés et les résultats de
          leur contrôle.
        </li>
        <li>
          <strong>Vos mandats</strong>&nbsp;: le point de livraison, son adresse, le gestionnaire de réseau, les données
          autorisées, la durée, votre signature tracée (mandat signé) et le dossier de preuve (date et heure, adresse
          IP, navigateur, empreinte du document), chiffrés en AES-256&nbsp;; puis les données de consommation,
          techniques et contractuelles que vous autorisez le gestionnaire de réseau à nous transmettre.
        </li>
        <li>
          <strong>Vos questions à l'assistant</strong>&nbsp;: voir ci-dessous.
        </li>
        <li>
          <strong>Vos rapports de bug</strong>&nbsp;: voir ci-dessous.
        </li>
      </ul>

      <h2>L'assistant</h2>
      <p>
        L'assistant répond à partir de la documentation du produit (FAQ, glossaire, blog, tarifs) et de votre propre
        dernière simulation et dernière optimisation. Nous n'enregistrons pas la conversation&nbsp;: elle n'existe que
        dans la page ouverte et disparaît quand vous la quittez&nbsp;; seul le nombre de messages est compté pour le
        quota de votre formule.
      </p>
      <p>
        Lorsque cette instance de Pilote Énergie est configurée avec un modèle de langage externe, votre question, les
        derniers messages de la conversation et les passages retrouvés pour y répondre, qui peuvent comprendre votre
        dernière simulation et votre dernière optimisation, sont envoyés à ce prestataire pour qu'il rédige la réponse.
        Sans ce réglage, l'assistant cite lui-même les passages retrouvés et rien ne quitte nos serveurs.
      </p>

      <h2>Les rapports de bug et leurs captures d'écran</h2>
      <p>
        Un rapport envoyé par le bouton «&nbsp;Signaler un bug&nbsp;» contient son titre, sa description, sa gravité,
        l'adresse de la page, votre navigateur (user agent, langue, système, tailles de l'écran et de la fenêtre), le
        cas échéant l'élément que vous avez sélectionné (son emplacement et un extrait de son code) et votre adresse
        e-mail (celle de votre compte si vous êtes connecté, auquel le rapport est alors rattaché).
      </p>
      <p>
        Si vous joignez une capture d'écran, elle montre la partie visible de la page telle qu'elle était affichée, avec
        les données qui s'y trouvaient. Elle est enregistrée avec le rapport dans notre stockage de fichiers. Les
        rapports et leurs captures ne sont vus que par l'équipe support et les administrateurs de Pilote Énergie, qui
        reçoivent aussi un résumé quotidien des nouveaux rapports par e-mail. Aucune suppression automatique n'est
        prévue à ce jour&nbsp;: un rapport et sa capture sont conservés jusqu'à ce que vous en demandiez l'effacement
        (voir «&nbsp;Vos droits&nbsp;»)&nbsp;; si vous fermez votre compte, le rapport reste, sans lien avec le compte.
      </p>

      <h2>Pourquoi</h2>
      <p>
        Pour fournir le service que vous demandez (créer et sécuriser votre compte, réaliser vos simulations,
        optimisations et audits), pour répondre à vos messages et pour respecter nos obligations légales. Nous ne
        vendons ni ne louons vos données, et nous ne faisons pas de publicité ciblée.
      </p>

      <h2>Cookies et stockage local</h2>
      <p>
        Pilote Énergie n'utilise aucun cookie publicitaire ni outil de mesure d'audience tiers. Seuls sont posés&nbsp;:
      </p>
      <ul>
        <li>le cookie de session, lorsque vous êtes connecté (valable 7&nbsp;jours)&nbsp;;</li>
        <li>un cookie technique anti-CSRF, qui protège les formulaires contre les requêtes forgées&nbsp;;</li>
        <li>
          dans le stockage local de votre navigateur, vos préférences d'affichage (thème clair ou sombre, menu replié).
        </li>
      </ul>
      <p>Ces éléments sont strictement nécessaires au service&nbsp;: ils ne demandent pas de consentement.</p>

      <h2>Combien de temps</h2>
      <ul>
        <li>Compte et calculs&nbsp;: tant que votre compte existe&nbsp;; supprimés à la fermeture du compte.</li>
        <li>Sessions&nbsp;: 7&nbsp;jours après la dernière activité.</li>
        <li>Liens de vérification d'adresse&nbsp;: 24&nbsp;heures.</li>
        <li>Messages de contact&nbsp;: le temps de traiter votre demande et son éventuel suivi.</li>
        <li>Conversations avec l'assistant&nbsp;: non enregistrées.</li>
        <li>Rapports de bug et captures d'écran&nbsp;: jusqu'à votre demande d'effacement.</li>
        <li>
          Données reçues au titre d'un mandat&nbsp;: supprimées dans les 30&nbsp;jours suivant sa révocation&nbsp;; la
          trace du mandat lui-même est conservée 5&nbsp;ans.
        </li>
      </ul>

      <h2>Qui y accède</h2>
      <p>
        Vous, pour vos propres données. Au sein de Pilote Énergie, l'équipe support et les administrateurs, pour vous
        assister et faire fonctionner le service, chacun selon son rôle (voir la page{' '}
        <Link to={paths.security.getHref()}>Sécurité</Link>). Les e-mails de service (vérification d'adresse,
        réinitialisation du mot de passe) passent par notre prestataire d'envoi. Les questions posées à l'assistant ne
        sortent vers un prestataire que dans le cas décrit plus haut (modèle de langage externe configuré).
      </p>

      <h2>Vos droits</h2>
      <p>
        Conformément au règlement général sur la protection des données (RGPD) et à la loi Informatique et Libertés,
        vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, de portabilité et d'opposition.
        Pour les exercer, écrivez-nous depuis la page <Link to={paths.contact.getHref()}>Contact</Link> en choisissant
        le sujet «&nbsp;Mes données personnelles&nbsp;». Nous répondons dans un délai d'un mois.
      </p>
      <p>
        Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la Commission
        nationale de l'informatique et des libertés (CNIL).
      </p>
    </PublicPage>
  );
}

export { PrivacyPage as Component };
