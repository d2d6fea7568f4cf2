import { adminPanelRoles } from '@pilote/contracts';
import { useCallback, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { AdminTabs } from '../../../features/admin/components/admin-tabs.tsx';
import { ContactMessagesPanel } from '../../../features/admin/components/contact-messages-panel.tsx';
import { MandatesPanel } from '../../../features/admin/components/mandates-panel.tsx';
import { OutboxPanel } from '../../../features/admin/components/outbox-panel.tsx';
import { UsersPanel } from '../../../features/admin/components/users-panel.tsx';
import { BugReportsPanel } from '../../../features/bug-report/components/bug-reports-panel.tsx';
import { defaultDashboardHref } from '../../../features/private-area/utils/energy-paths.ts';
import { TariffDataPanel } from '../../../features/tariff-data/components/tariff-data-panel.tsx';
import { useCurrentUser } from '../../../lib/use-current-user.ts';

export const ADMIN_FORBIDDEN_MESSAGE = "Le panneau d'administration est réservé aux administrateurs et au staff.";

function toastForbidden() {
  toast.error(ADMIN_FORBIDDEN_MESSAGE, { id: 'admin-forbidden' });
}

function ForbiddenRedirect() {
  useEffect(toastForbidden, []);
  return <Navigate to={defaultDashboardHref} replace />;
}

/**
 * `/private/admin` (lazy chunk). Staff and admins per ADR 0009: staff read users and outbox headers, only admins
 * change roles and read mail links. Anyone else, or a 403 from the server (role withdrawn meanwhile), goes back to
 * the dashboard with a toast.
 */
function AdminPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const onForbidden = useCallback(() => {
    toastForbidden();
    void navigate(defaultDashboardHref, { replace: true });
  }, [navigate]);

  if (!adminPanelRoles.includes(user.role)) {
    return <ForbiddenRedirect />;
  }
  return (
    <div className="flex flex-col gap-8">
      <DocumentTitle title="Administration" />
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Administration</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {user.role === 'admin'
            ? 'Utilisateurs, mandats, e-mails envoyés par la plateforme, messages de contact, données tarifaires et rapports de bugs.'
            : 'Accès staff : lecture des utilisateurs et des en-têtes des e-mails. Seuls les administrateurs changent les rôles.'}
        </p>
      </div>
      <AdminTabs
        label="Sections de l'administration"
        sections={[
          {
            id: 'utilisateurs',
            label: 'Utilisateurs',
            render: () => <UsersPanel viewerRole={user.role} onForbidden={onForbidden} />,
          },
          { id: 'mandats', label: 'Mandats', render: () => <MandatesPanel onForbidden={onForbidden} /> },
          { id: 'emails', label: "Boîte d'envoi", render: () => <OutboxPanel onForbidden={onForbidden} /> },
          {
            id: 'contact',
            label: 'Messages de contact',
            render: () => <ContactMessagesPanel onForbidden={onForbidden} />,
          },
          {
            id: 'donnees-tarifaires',
            label: 'Données tarifaires',
            render: () => <TariffDataPanel viewerRole={user.role} onForbidden={onForbidden} />,
          },
          { id: 'bugs', label: 'Rapports de bugs', render: () => <BugReportsPanel onForbidden={onForbidden} /> },
        ]}
      />
    </div>
  );
}

export { AdminPage as Component };
