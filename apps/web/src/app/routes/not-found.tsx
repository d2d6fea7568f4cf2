import { Link } from 'react-router';
import { DocumentTitle } from '../../components/layout/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-start px-4 py-20 sm:px-6 lg:px-8">
      <DocumentTitle title="Page introuvable" />
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-wide text-primary">Erreur 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">Page introuvable</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">
        L'adresse demandée n'existe pas ou a été déplacée. Vérifiez l'URL ou repartez de l'accueil.
      </p>
      <Link to={paths.home.getHref()} className={buttonStyles({ className: 'mt-8' })}>
        Retour à l'accueil
      </Link>
    </div>
  );
}
