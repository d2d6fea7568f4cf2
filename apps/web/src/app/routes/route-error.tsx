import { isRouteErrorResponse, useRouteError } from 'react-router';
import { DocumentTitle } from '../../components/layout/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { NotFoundPage } from './not-found.tsx';

/**
 * Error boundary of the routes: a 404 (e.g. an unknown blog article) shows the not-found page; anything else, including
 * a lazy chunk that no longer exists after a deployment, offers to reload.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage />;
  }
  return (
    <div role="alert" className="mx-auto flex w-full max-w-3xl flex-col items-start px-4 py-20 sm:px-6 lg:px-8">
      <DocumentTitle title="Une erreur est survenue" />
      <h1 className="text-3xl font-bold tracking-tight text-foreground">Une erreur est survenue</h1>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">
        La page n'a pas pu être affichée. Une nouvelle version du site a peut-être été publiée&nbsp;: rechargez la page.
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Recharger la page
      </Button>
    </div>
  );
}
