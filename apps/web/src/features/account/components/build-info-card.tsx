import type { BuildInfo } from '@pilote/contracts';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';

/** One side's build info (spec §3 "Build info"): service, version, revision, configuration, environment, date. */
export function BuildInfoCard({
  title,
  info,
  isPending,
  error,
  testId,
}: {
  title: string;
  info: BuildInfo | undefined;
  isPending: boolean;
  error: Error | null;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardTitle>{title}</CardTitle>
      {isPending ? (
        <LoadingState className="mt-4" />
      ) : info ? (
        <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-2 text-sm">
          <dt className="text-muted-foreground">Service</dt>
          <dd className="text-foreground">{info.service}</dd>
          <dt className="text-muted-foreground">Version</dt>
          <dd className="text-foreground">{info.version}</dd>
          <dt className="text-muted-foreground">Révision</dt>
          <dd className="font-mono break-all text-foreground">{info.revision}</dd>
          {info.configuration ? (
            <>
              <dt className="text-muted-foreground">Configuration</dt>
              <dd className="text-foreground">{info.configuration}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Environnement</dt>
          <dd className="text-foreground">{info.env}</dd>
          <dt className="text-muted-foreground">Construit le</dt>
          <dd className="text-foreground">{formatDateTime(info.builtAt)}</dd>
        </dl>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">Indisponible{error ? ` (${error.message})` : ''}.</p>
      )}
    </Card>
  );
}
