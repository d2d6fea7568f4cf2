import { Link2 } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useObjectPermissions } from '../../organisations/index.ts';
import { useAttachAuditToSite, useSites } from '../api/sites.ts';

/** Sites per page of the picker: small enough for a phone's dialog, the server pages and filters (ADR 0068). */
export const ATTACH_PAGE_SIZE = 8;

type AttachedSite = { id: string; name: string };

/**
 * « Rattacher à un site existant » on an audited invoice (issue #24 §2): a dialog that searches the organisation's
 * sites on the server (name or PCE, paginated: an organisation may hold thousands) and saves the audit to the one
 * chosen (`PUT /api/sites/:id/audits/:auditId`). Members and above only (a viewer sees the current site only).
 */
export function AttachAuditToSite({ auditId, current }: { auditId: string; current: AttachedSite | null }) {
  const { canCreate } = useObjectPermissions();
  const [attached, setAttached] = useState<AttachedSite | null>(current);
  const [open, setOpen] = useState(false);
  const site = attached ?? current;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-foreground" data-testid="audit-site">
      {site ? (
        <p>
          Site :{' '}
          <Link to={paths.site.getHref(site.id)} className="font-medium text-primary underline underline-offset-4">
            {site.name}
          </Link>
        </p>
      ) : null}
      {canCreate ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="outline" size="sm">
              <Link2 aria-hidden="true" className="size-4" />
              {site ? 'Rattacher à un autre site' : 'Rattacher à un site existant'}
            </Button>
          </DialogTrigger>
          <DialogContent
            title="Rattacher l’audit à un site"
            description="Cherchez le site par son nom ou son PCE : l’audit figurera sur sa page."
            className="max-h-[90dvh] max-w-lg overflow-y-auto"
          >
            {open ? (
              <SitePicker
                auditId={auditId}
                currentId={site?.id ?? null}
                onAttached={(chosen) => {
                  setAttached(chosen);
                  setOpen(false);
                  toast.success(`Audit rattaché au site ${chosen.name}.`);
                }}
              />
            ) : null}
          </DialogContent>
        </Dialog>
      ) : null}
    </div>
  );
}

function SitePicker({
  auditId,
  currentId,
  onAttached,
}: {
  auditId: string;
  currentId: string | null;
  onAttached: (site: AttachedSite) => void;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(search.trim());
  const sites = useSites({ page, pageSize: ATTACH_PAGE_SIZE, sort: 'name', q: q || undefined });
  const attach = useAttachAuditToSite();
  const searchId = useId();
  const listId = useId();
  return (
    <div className="mt-4 flex flex-col gap-3">
      <label htmlFor={searchId} className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
        Rechercher un site
        <Input
          id={searchId}
          type="search"
          value={search}
          placeholder="Nom ou PCE"
          aria-controls={listId}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </label>
      {sites.isPending ? <LoadingState label="Chargement des sites…" /> : null}
      {sites.isError ? <Alert tone="error">{sites.error.message}</Alert> : null}
      {sites.data ? (
        sites.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {q ? 'Aucun site ne correspond à cette recherche.' : 'Aucun site dans cette organisation.'}
          </p>
        ) : (
          <>
            <ul
              id={listId}
              aria-label="Sites"
              className="flex flex-col divide-y divide-border rounded-lg border border-border"
            >
              {sites.data.items.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span className="min-w-0 text-sm">
                    <span className="block font-medium wrap-anywhere text-foreground">{item.name}</span>
                    <span className="block text-muted-foreground tabular-nums">PCE {item.pce}</span>
                  </span>
                  {item.id === currentId ? (
                    <span className="shrink-0 text-sm text-muted-foreground">Site actuel</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      className="shrink-0"
                      disabled={attach.isPending}
                      aria-label={`Rattacher au site ${item.name}`}
                      onClick={() =>
                        attach.mutate(
                          { siteId: item.id, auditId },
                          { onSuccess: () => onAttached({ id: item.id, name: item.name }) },
                        )
                      }
                    >
                      Rattacher
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <Pager label="Pages des sites" of={sites.data} onChange={setPage} />
          </>
        )
      ) : null}
      {attach.error ? <Alert tone="error">{attach.error.message}</Alert> : null}
    </div>
  );
}
