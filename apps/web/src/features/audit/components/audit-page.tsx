import { AUDIT_ACCEPT } from '@pilote/contracts';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown, FileUp, Play, Trash2 } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { CreateGuard } from '../../organisations/index.ts';
import { useAuditQueue } from '../hooks/use-audit-queue.ts';
import { canLaunch, type FileItem, fileItemStatusLabels, sizeInMo } from '../utils/file-items.ts';
import { ColumnMappingsList } from './audit-column-mapping.tsx';
import { AuditList } from './audit-list.tsx';
import { AuditResults } from './audit-results.tsx';

/** Spec §2.5: the gas invoice audit screen (beta). `?audit=<id>` shows one audit's results. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('audit');
  const show = (id: string | null) => {
    setParams(id ? { audit: id } : {});
    window.scrollTo({ top: 0 });
  };
  return (
    <div className="flex w-full max-w-6xl min-w-0 flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Audit (Beta)</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Vérifiez vos factures d’acheminement du gaz (PIC, LI, PITD) : les paramètres facturés (NTR, TCL, CAR) et
          chaque ligne sont comparés aux grilles officielles.
        </p>
      </div>
      {selected ? (
        <AuditResults id={selected} onBack={() => show(null)} />
      ) : (
        <>
          <Explainer />
          <CreateGuard>
            <UploadPanel />
          </CreateGuard>
          <AuditList onOpen={show} />
          <ColumnMappingsList />
        </>
      )}
    </div>
  );
}

function Explainer() {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <section aria-labelledby="audit-explainer-title" className="rounded-xl border border-border bg-surface shadow-sm">
        <h2 id="audit-explainer-title" className="text-base font-semibold text-foreground">
          <Collapsible.Trigger className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left hover:bg-muted sm:px-6">
            <span className="flex-1">Comment fonctionne l’audit ?</span>
            <ChevronDown
              aria-hidden="true"
              className={cn('size-5 shrink-0 transition-transform motion-reduce:transition-none', open && 'rotate-180')}
            />
          </Collapsible.Trigger>
        </h2>
        <Collapsible.Content className="border-t border-border px-4 py-4 text-sm leading-6 text-muted-foreground sm:px-6">
          <ol className="list-decimal space-y-1 pl-5">
            <li>
              Déposez vos factures de transport ou de distribution de gaz : PDF, XML, XLS, XLSX ou CSV (l’export de
              l’espace client de votre fournisseur), 20 Mo au plus. Les factures électroniques (Factur-X ou ZUGFeRD,
              UBL, CII) sont lues d’après leurs données structurées, les plus sûres.
            </li>
            <li>
              « Lancer » envoie le fichier sur un stockage sécurisé, puis démarre l’audit : la facture est lue, puis le
              NTR, le TCL, la CAR, les prix unitaires, la CTA, l’accise et les calculs de chaque ligne sont comparés aux
              délibérations de la CRE en vigueur sur la période.
            </li>
            <li>
              Chaque anomalie indique son montant en euros, la règle et sa référence légale ; une lettre de réclamation
              adressée au fournisseur est prête à télécharger.
            </li>
          </ol>
          <p className="mt-2">
            Vos fichiers et vos résultats ne sont visibles que par vous. Chaque audit lancé compte dans le quota «
            Audits de factures » de votre plan.
          </p>
        </Collapsible.Content>
      </section>
    </Collapsible.Root>
  );
}

function UploadPanel() {
  const queue = useAuditQueue();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    queue.add(event.dataTransfer.files);
  };
  const running = queue.items.some((item) => !canLaunch(item) && item.status !== 'done');
  return (
    <section aria-labelledby="audit-upload-title" className="flex flex-col gap-4">
      <h2 id="audit-upload-title" className="sr-only">
        Fichiers à auditer
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone; the picker button inside is the keyboard path */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="audit-dropzone"
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-border-strong/60 bg-surface px-4 py-8 text-center',
          dragging && 'border-primary bg-accent',
        )}
      >
        <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-foreground">Glissez-déposez vos factures ici, ou</p>
        <label htmlFor={inputId} className="cursor-pointer">
          <span className="inline-flex items-center rounded-md border border-border-strong bg-surface px-4 py-2 text-sm font-semibold text-foreground shadow-sm hover:bg-muted focus-within:ring-2">
            Choisir des fichiers
          </span>
          <input
            id={inputId}
            ref={input}
            type="file"
            multiple
            accept={AUDIT_ACCEPT}
            className="sr-only"
            onChange={(event) => {
              if (event.target.files) {
                queue.add(event.target.files);
              }
              event.target.value = '';
            }}
          />
        </label>
        <p className="text-xs text-muted-foreground">
          PDF, XML, XLS, XLSX ou CSV, factures électroniques Factur-X, UBL et CII comprises — 20 Mo maximum par fichier.
        </p>
      </div>
      {queue.items.length > 0 ? (
        <FileTable items={queue.items} onLaunch={(key) => void queue.launch(key)} onRemove={queue.remove} />
      ) : null}
      <div>
        <Button disabled={queue.launchable === 0 || running} onClick={() => void queue.launchAll()}>
          <Play aria-hidden="true" className="size-4" />
          Uploader & lancer l'audit ({queue.launchable})
        </Button>
      </div>
    </section>
  );
}

const statusTone: Record<FileItem['status'], string> = {
  idle: 'text-muted-foreground',
  uploading: 'text-foreground',
  uploaded: 'text-foreground',
  starting: 'text-foreground',
  done: 'text-emerald-700 dark:text-emerald-400',
  error: 'text-red-700 dark:text-red-400',
};

function FileTable({
  items,
  onLaunch,
  onRemove,
}: {
  items: FileItem[];
  onLaunch: (key: string) => void;
  onRemove: (key: string) => void;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-border bg-surface shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Fichiers à auditer</caption>
        <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-4">
              Fichier
            </th>
            <th scope="col" className="px-3 py-2 text-right sm:px-4">
              Taille
            </th>
            <th scope="col" className="px-2 py-2 sm:px-4">
              Statut
            </th>
            <th scope="col" className="px-3 py-2 text-right sm:px-4">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.key} className="border-t border-border align-top">
              <td className="max-w-[16rem] break-all px-3 py-2 font-medium text-foreground sm:px-4">
                {item.file.name}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums sm:px-4">
                {sizeInMo(item.file.size)}
              </td>
              <td className={cn('px-2 py-2 sm:px-4', statusTone[item.status])} aria-live="polite">
                <span data-testid="file-status">{fileItemStatusLabels[item.status]}</span>
                {item.status === 'done' && item.auditId ? (
                  <span
                    className="block max-w-[6.5rem] truncate text-xs text-muted-foreground sm:max-w-none"
                    title={item.auditId}
                  >
                    ID {item.auditId}
                  </span>
                ) : null}
                {item.status === 'error' && item.error ? (
                  <span role="alert" className="block text-xs">
                    {item.error}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right sm:px-4">
                <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end sm:gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={!canLaunch(item)}
                    onClick={() => onLaunch(item.key)}
                    aria-label={`Lancer ${item.file.name}`}
                  >
                    Lancer
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={!canLaunch(item) && item.status !== 'done'}
                    onClick={() => onRemove(item.key)}
                    aria-label={`Retirer ${item.file.name}`}
                  >
                    <Trash2 aria-hidden="true" className="hidden size-4 sm:block" />
                    Retirer
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
