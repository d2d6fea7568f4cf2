import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/layout/page-header.tsx';
import { StandalonePage } from '../../components/layout/standalone-page.tsx';
import { Link } from '../../components/ui/link.tsx';
import { paths } from '../../config/paths.ts';

/** Placeholder: the sign-in and sign-up forms (spec §2.2) come in a later issue. */
function LoginPage() {
  const [searchParams] = useSearchParams();
  const isSignUp = searchParams.get('signup') === 'true';
  const title = isSignUp ? 'Créer un compte' : 'Connexion';
  return (
    <StandalonePage>
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{title}</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">
        {isSignUp
          ? "La création de compte et l'essai gratuit arrivent dans la prochaine version de Pilote Énergie."
          : 'La connexion à votre espace client arrive dans la prochaine version de Pilote Énergie.'}
      </p>
      <p className="mt-8">
        <Link to={paths.home.getHref()}>Retour à l'accueil</Link>
      </p>
    </StandalonePage>
  );
}

export { LoginPage as Component };
