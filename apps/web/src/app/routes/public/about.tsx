import { PublicPage } from '../../../components/layout/public-page.tsx';
import { TrialCta } from '../../../components/layout/trial-cta.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';

function AboutPage() {
  return (
    <PublicPage
      page={publicPages.about}
      eyebrow="L'entreprise"
      lead="Pilote Énergie est une plateforme française destinée aux entreprises clientes du gaz et de l'électricité. Notre idée : les coûts de réseau se vérifient et s'optimisent, à condition de disposer des bons chiffres."
    >
      <h2>Pourquoi nous avons créé Pilote Énergie</h2>
      <p>
        Sur la facture de gaz d'une entreprise, l'acheminement et les taxes qui s'y rattachent représentent une part
        importante que l'on croit souvent intouchable. Pourtant, les tarifs de réseau sont publics, publiés par la
        Commission de régulation de l'énergie (CRE)&nbsp;: ce que vous payez dépend de vos choix (option tarifaire,
        capacité souscrite) et de paramètres que personne ne vérifie (NTR, CAR, TCL).
      </p>
      <p>
        Ces calculs demandent de croiser plusieurs grilles qui changent à des dates différentes. Nous les avons
        rassemblés dans un outil que tout responsable énergie, achats ou services généraux peut utiliser sans être
        tarifiste.
      </p>

      <h2>Nos principes</h2>
      <ul>
        <li>
          <strong>Des chiffres sourcés.</strong> Chaque valeur tarifaire porte sa date d'effet, sa source et son statut
          (officielle, source secondaire ou estimation). Nous préférons dire «&nbsp;donnée non disponible&nbsp;» que
          publier un chiffre inventé.
        </li>
        <li>
          <strong>Vos données restent les vôtres.</strong> Elles servent uniquement aux calculs que vous demandez. Les
          mandats d'accès sont révocables à tout moment.
        </li>
        <li>
          <strong>Un outil en français, accessible.</strong> Interface entièrement en français, utilisable au clavier et
          avec un lecteur d'écran, en mode clair ou sombre, sur ordinateur comme sur mobile.
        </li>
      </ul>

      <h2>Où nous en sommes</h2>
      <p>
        Pilote Énergie couvre aujourd'hui le gaz naturel&nbsp;: simulation des tarifs de réseau, optimisation de la CJA
        et audit des factures de transport (en bêta). L'optimisation de la puissance souscrite en électricité et les
        mandats d'accès aux données sont les prochaines étapes.
      </p>
      <p>
        Une question, une suggestion, un cas particulier&nbsp;? <Link to={paths.contact.getHref()}>Écrivez-nous</Link>
        &nbsp;: nous lisons chaque message.
      </p>
      <TrialCta />
    </PublicPage>
  );
}

export { AboutPage as Component };
