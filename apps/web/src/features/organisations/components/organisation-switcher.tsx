import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Building2, Check, ChevronsUpDown, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useActiveOrganisation } from '../api/get-active-organisation.ts';
import { useOrganisations } from '../api/get-organisations.ts';
import { useSetActiveOrganisation } from '../api/set-active-organisation.ts';

const itemStyles =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-foreground outline-none data-[highlighted]:bg-muted';

/**
 * The header's organisation switcher (issue #24 §1): shows the active organisation, lists the others (first 50),
 * switching is remembered server-side; a link to the « Organisation » settings page.
 */
export function OrganisationSwitcher() {
  const active = useActiveOrganisation();
  const list = useOrganisations({ page: 1, pageSize: 50 });
  const switchTo = useSetActiveOrganisation();
  const name = active.data?.name ?? 'Organisation';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={buttonStyles({ variant: 'outline', size: 'sm', className: 'max-w-[11rem] sm:max-w-[16rem]' })}
        aria-label={`Organisation active : ${name}. Changer d’organisation`}
        data-testid="organisation-switcher"
      >
        <Building2 aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate max-sm:sr-only">{name}</span>
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 opacity-60" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-border bg-background p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">
            Mes organisations
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={active.data?.id ?? ''}
            onValueChange={(id) => {
              if (id !== active.data?.id) {
                switchTo.mutate(id, {
                  onError: (error) => toast.error(error.message),
                });
              }
            }}
          >
            {(list.data?.items ?? []).map((organisation) => (
              <DropdownMenu.RadioItem key={organisation.id} value={organisation.id} className={itemStyles}>
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="min-w-0 flex-1 wrap-anywhere">{organisation.name}</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemStyles}>
            <Link to={paths.organisation.getHref()}>
              <Settings aria-hidden="true" className="size-4" />
              Gérer l’organisation
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
