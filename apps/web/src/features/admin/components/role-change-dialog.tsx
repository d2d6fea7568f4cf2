import { type AdminUser, type UserRole, userRoles } from '@pilote/contracts';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { useSetUserRole } from '../api/set-user-role.ts';

export const roleLabels: Record<UserRole, string> = { user: 'Utilisateur', staff: 'Staff', admin: 'Administrateur' };

/** Admin only: choose a role, then confirm in a dialog (spec: every role change is confirmed). */
export function RoleChangeDialog({ user, onForbidden }: { user: AdminUser; onForbidden: (error: Error) => void }) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<UserRole>(user.role);
  const setUserRole = useSetUserRole();
  const selectId = useId();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setRole(user.role);
      setUserRole.reset();
    }
  };

  const confirm = () => {
    setUserRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: ({ user: updated }) => {
          toast.success(`Rôle de ${updated.email} : ${roleLabels[updated.role]}.`);
          setOpen(false);
        },
        onError: (error) => {
          if ('status' in error && error.status === 403 && !/propre rôle/.test(error.message)) {
            onForbidden(error);
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Changer le rôle de ${user.email}`}>
          Changer le rôle
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Changer le rôle"
        description={`${user.name} (${user.email}) est actuellement ${roleLabels[user.role].toLowerCase()}.`}
      >
        <div className="mt-4 flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-foreground">
            Nouveau rôle
          </label>
          <Select id={selectId} value={role} onChange={(event) => setRole(event.target.value as UserRole)}>
            {userRoles.map((value) => (
              <option key={value} value={value}>
                {roleLabels[value]}
              </option>
            ))}
          </Select>
        </div>
        {setUserRole.error ? (
          <Alert tone="error" className="mt-4">
            {setUserRole.error.message}
          </Alert>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">Annuler</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={role === user.role || setUserRole.isPending}>
            {setUserRole.isPending ? 'Enregistrement…' : `Confirmer : ${roleLabels[role]}`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
