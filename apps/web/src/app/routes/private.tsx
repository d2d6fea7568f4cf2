import { DocumentTitle } from '../../components/layout/page-header.tsx';
import { StandalonePage } from '../../components/layout/standalone-page.tsx';
import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';

/** Placeholder: the private area (spec §2.3, §2.4) and its sign-in guard come in a later issue. */
function PrivateAreaPage() {
  return (
    <StandalonePage>
      <DocumentTitle title="Espace client" />
      <h1 className="text-3xl font-bold tracking-tight text-foreground">Espace client</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">
        L'espace client (tableau de bord, simulateur, optimisation, audit des factures et mandats) arrive dans la
        prochaine version de Pilote Énergie.
      </p>
      <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.home.getHref()}>Retour à l'accueil</Link>
        <Link to={paths.login.getHref()}>Se connecter</Link>
      </p>
    </StandalonePage>
  );
}

export { PrivateAreaPage as Component };
