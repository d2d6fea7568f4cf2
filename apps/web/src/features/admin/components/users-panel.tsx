import { tierLabels, type UserRole } from '@pilote/contracts';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useForbiddenError } from '../../../lib/use-forbidden-error.ts';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/get-users.ts';
import { RoleChangeDialog, roleLabels } from './role-change-dialog.tsx';
import { UserPlanDialog } from './user-plan-dialog.tsx';

/** Users list with search and paging; admins change roles (staff read only). */
export function UsersPanel({ viewerRole, onForbidden }: { viewerRole: UserRole; onForbidden: (error: Error) => void }) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState({ q: '', page: 1 });
  const users = useAdminUsers({ q: query.q || undefined, page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE });
  const searchId = useId();
  const headingId = useId();
  const canChangeRoles = viewerRole === 'admin';

  const forbidden = useForbiddenError(users.error, onForbidden);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ q: search.trim(), page: 1 });
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        Utilisateurs
      </h2>
      <search>
        <form onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-64 flex-1 flex-col gap-1.5">
            <label htmlFor={searchId} className="text-sm font-medium text-foreground">
              Rechercher par nom ou e-mail
            </label>
            <Input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          </div>
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" className="size-4" />
            Rechercher
          </Button>
        </form>
      </search>
      {users.isPending ? <LoadingState /> : null}
      {users.error && !forbidden ? (
        <Alert tone="error">Impossible de charger les utilisateurs : {users.error.message}</Alert>
      ) : null}
      {users.data ? (
        <>
          <div className="relative overflow-x-auto rounded-xl border border-border">
            <table className="w-full min-w-[48rem] text-left text-sm" aria-describedby={headingId}>
              <thead className="bg-muted text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Nom
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    E-mail
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Rôle
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Offre
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Inscription
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.items.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-6 text-center text-muted-foreground">
                      Aucun utilisateur ne correspond à cette recherche.
                    </td>
                  </tr>
                ) : (
                  users.data.items.map((user) => (
                    <tr key={user.id} className="border-t border-border">
                      <td className="min-w-32 px-3 py-3 font-medium wrap-anywhere text-foreground">{user.name}</td>
                      <td className="min-w-40 px-3 py-3 wrap-anywhere text-foreground">
                        {user.email}
                        {user.emailVerified ? null : (
                          <span className="ml-2 text-xs text-muted-foreground">(non vérifiée)</span>
                        )}
                      </td>
                      <td className="px-3 py-3">
                        <Badge>{roleLabels[user.role]}</Badge>
                      </td>
                      <td className="px-3 py-3 text-foreground">
                        {/* The tier that applies (ADR 0078): the plan of the organisation named under it, an
                            administrator's own tier whatever the organisation holds (the plan dialog says both). */}
                        <span className="whitespace-nowrap">{tierLabels[user.tier]}</span>
                        {user.organisation && user.role !== 'admin' ? (
                          <span className="block text-xs wrap-anywhere text-muted-foreground">
                            {user.organisation.name}
                          </span>
                        ) : null}
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
                        {formatDate(user.createdAt)}
                      </td>
                      <td className="px-3 py-3 text-right">
                        {/* One above the other: side by side they made the table wider than a 1280 px screen. */}
                        <div className="flex flex-col items-end gap-2">
                          <UserPlanDialog user={user} canEdit={canChangeRoles} onForbidden={onForbidden} />
                          {canChangeRoles ? <RoleChangeDialog user={user} onForbidden={onForbidden} /> : null}
                        </div>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <Pager
            label="Pages des utilisateurs"
            of={users.data}
            onChange={(page) => setQuery((current) => ({ ...current, page }))}
          />
        </>
      ) : null}
    </section>
  );
}
