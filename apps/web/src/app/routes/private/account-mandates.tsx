import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { ComingSoonCard } from '../../../features/private-area/components/coming-soon.tsx';

/** `/private/account/mandats`: the mandates screen (spec §2.7) comes with a later issue. */
function AccountMandatesPage() {
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <DocumentTitle title="Mes Mandats" />
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Mes Mandats</h1>
      <ComingSoonCard title="Mandats">
        Les mandats autorisent les gestionnaires de réseau (GRDF, Enedis…) à nous transmettre vos données de
        consommation. Leur création, leur signature et leur révocation arrivent dans une prochaine version.
      </ComingSoonCard>
    </div>
  );
}

export { AccountMandatesPage as Component };
