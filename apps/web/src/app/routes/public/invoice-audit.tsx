import { PublicPage } from '../../../components/layout/public-page.tsx';
import { TrialCta } from '../../../components/layout/trial-cta.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';

function InvoiceAuditPage() {
  return (
    <PublicPage
      page={publicPages.invoiceAudit}
      eyebrow="Fonctionnalité · bêta"
      lead="Une facture de transport de gaz repose sur quelques paramètres propres à votre point. S'ils sont faux, l'erreur se répète chaque mois. Pilote Énergie les compare aux grilles officielles."
    >
      <h2>L'audit des factures (bêta)</h2>
      <p>
        L'audit est ouvert dans l'espace client, rubrique «&nbsp;Audit (Beta)&nbsp;» de l'espace Gaz. Il fonctionne
        ainsi&nbsp;:
      </p>
      <ol>
        <li>
          Déposez vos factures de transport de gaz, par glisser-déposer ou depuis votre ordinateur&nbsp;: formats{' '}
          <strong>PDF, XML, XLS et XLSX</strong>.
        </li>
        <li>Lancez l'audit fichier par fichier, ou tous les fichiers d'un coup.</li>
        <li>
          Pour les points PIC, LI et PITD, l'audit vérifie les paramètres facturés&nbsp;: <strong>NTR</strong> (niveau
          de tarif régional), <strong>TCL</strong> (terme de capacité de livraison) et <strong>CAR</strong>{' '}
          (consommation annuelle de référence), par rapport aux grilles tarifaires officielles.
        </li>
      </ol>
      <p>
        L'audit est en version bêta&nbsp;: il signale des écarts à examiner, qui ne valent pas réclamation automatique.
        Vérifiez toujours un écart avec votre contrat avant de contacter votre gestionnaire de réseau.
      </p>

      <h2>Contrôler une facture, ligne par ligne</h2>
      <p>Au-delà de l'audit, quelques contrôles simples évitent la plupart des mauvaises surprises&nbsp;:</p>
      <ul>
        <li>
          <strong>Le bon point</strong>&nbsp;: le PCE (14 chiffres) et l'adresse correspondent au site.
        </li>
        <li>
          <strong>La bonne grille</strong>&nbsp;: les prix unitaires sont ceux en vigueur sur la période facturée
          (distribution au 1er juillet, transport au 1er avril).
        </li>
        <li>
          <strong>Les bonnes quantités</strong>&nbsp;: la capacité facturée est celle souscrite, la consommation celle
          relevée ou estimée, sans double comptage lors d'un changement de grille en cours de mois.
        </li>
        <li>
          <strong>Les bonnes taxes</strong>&nbsp;: la CTA porte sur les parts fixes de l'acheminement, l'accise et les
          CEE sur les MWh.
        </li>
      </ul>
      <p>
        Le simulateur calcule le montant attendu de chaque terme pour le même point et le même mois&nbsp;: rapprochez-le
        de la facture pour repérer un écart. Les valeurs utilisées sont consultables sur la page{' '}
        <Link to={paths.tariffs.getHref()}>Tarifs de l'énergie</Link> et chaque sigle est expliqué dans le{' '}
        <Link to={paths.glossary.getHref()}>glossaire</Link>.
      </p>
      <TrialCta title="Faites auditer vos factures de transport" />
    </PublicPage>
  );
}

export { InvoiceAuditPage as Component };
