import { mayActOnObject, organisationMessages } from '@pilote/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { useActiveOrganisation } from '../api/get-active-organisation.ts';

/**
 * What the caller may do to the active organisation's objects (ADR 0066), from their role in it (the switcher's
 * `GET /api/organisations/active`). Until the role is known everything shows: the server's check is the guard, this
 * only spares a viewer a click that would be refused.
 */
export function useObjectPermissions() {
  const { data } = useActiveOrganisation();
  const role = data?.role;
  return {
    role,
    /** False for a viewer: creating, launching and editing are refused. */
    canCreate: role === undefined || mayActOnObject(role, 'create'),
    /** Deleting what one made (members and above); someone else's: admins and owners (the server tells). */
    canDelete: role === undefined || mayActOnObject(role, 'delete', true),
    readOnly: role === 'viewer',
  };
}

/** The French sentence a viewer reads where they cannot act (ADR 0066), or nothing. */
export function ReadOnlyNotice({ className }: { className?: string }) {
  const { readOnly } = useObjectPermissions();
  return readOnly ? (
    <Alert tone="info" className={className}>
      {organisationMessages.viewerReadOnly}
    </Alert>
  ) : null;
}

/**
 * Wraps a form that creates or launches something: for a viewer, the sentence above it and every control inside
 * disabled (a `fieldset` with no box of its own); for anyone else, the form as it is.
 */
export function CreateGuard({ children }: { children: ReactNode }) {
  const { readOnly } = useObjectPermissions();
  if (!readOnly) {
    return children;
  }
  return (
    <div className="space-y-4">
      <ReadOnlyNotice />
      <fieldset disabled className="contents">
        {children}
      </fieldset>
    </div>
  );
}
