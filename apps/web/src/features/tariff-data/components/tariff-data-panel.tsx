import type { UserRole } from '@pilote/contracts';
import { type ReactNode, useId } from 'react';
import { AddValueForm } from './add-value-form.tsx';
import { AuditLog } from './audit-log.tsx';
import { GridImport } from './grid-import.tsx';
import { ParametersList } from './parameters-list.tsx';
import { ReferenceImport } from './reference-import.tsx';
import { TariffCalendar } from './tariff-calendar.tsx';

function Part({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-border p-4 sm:p-6">
      <h3 id={id} className="text-lg font-semibold text-foreground">
        {title}
      </h3>
      {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      {children}
    </section>
  );
}

/**
 * « Données tarifaires » of the admin panel (ADR 0025): staff read the values, the calendar and the audit log;
 * admins also add dated values, undo them and import grids and reference tables.
 */
export function TariffDataPanel({
  viewerRole,
  onForbidden,
}: {
  viewerRole: UserRole;
  onForbidden: (e: Error) => void;
}) {
  const headingId = useId();
  const isAdmin = viewerRole === 'admin';
  return (
    <section aria-labelledby={headingId} id="donnees-tarifaires" className="flex flex-col gap-6">
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-foreground">
          Données tarifaires
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {isAdmin
            ? 'Valeurs datées du moteur de calcul : celles livrées avec l’application et celles ajoutées ici, qui s’appliquent aux simulations dès leur date d’effet. Une annulation crée une nouvelle version ; rien n’est modifié sur place.'
            : 'Lecture seule (staff) : seuls les administrateurs ajoutent des valeurs ou importent des fichiers.'}
        </p>
      </div>
      <Part title="Valeurs datées">
        <ParametersList viewerRole={viewerRole} onForbidden={onForbidden} />
      </Part>
      {isAdmin ? (
        <>
          <Part
            title="Ajouter une valeur datée"
            description="L’unité doit être celle du paramètre. La référence (titre et adresse) est citée dans les résultats qui utilisent la valeur."
          >
            <AddValueForm />
          </Part>
          <Part
            title="Importer une grille"
            description="Aperçu de chaque valeur modifiée et de son effet avant confirmation."
          >
            <GridImport />
          </Part>
          <Part title="Importer une table de référence">
            <ReferenceImport />
          </Part>
        </>
      ) : null}
      <div className="rounded-2xl border border-border p-4 sm:p-6">
        <TariffCalendar headingLevel="h3" />
      </div>
      <Part title="Journal des modifications">
        <AuditLog onForbidden={onForbidden} />
      </Part>
    </section>
  );
}
