import {
  Building2,
  Calculator,
  FileSearch,
  Gauge,
  History,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  ShieldUser,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { type Energy, type EnergyPage, energyHref } from '../utils/energy-paths.ts';

type NavItem = { label: string; href: string; icon: LucideIcon };

const energyItems: { label: string; page: EnergyPage; icon: LucideIcon }[] = [
  { label: 'Dashboard', page: 'dashboard', icon: LayoutDashboard },
  { label: 'Simulateur', page: 'simulator', icon: Calculator },
  { label: 'Optimisation', page: 'optimisation', icon: Gauge },
  { label: 'Audit (Beta)', page: 'audit', icon: FileSearch },
];

/** Spec §2.4: Dashboard, Simulateur, Optimisation, Audit (Beta), and Admin Panel for staff or admins only. */
export function getSidebarItems(energy: Energy, canSeeAdminPanel: boolean): NavItem[] {
  const items: NavItem[] = energyItems.map((item) => ({
    label: item.label,
    href: energyHref(energy, item.page),
    icon: item.icon,
  }));
  // The organisation's delivery points (issue #24 §2), then past simulations and optimisations (§3).
  items.push({ label: 'Sites', href: paths.sites.getHref(), icon: MapPin });
  items.push({ label: 'Historique', href: paths.history.getHref(), icon: History });
  items.push({ label: 'Organisation', href: paths.organisation.getHref(), icon: Building2 });
  if (canSeeAdminPanel) {
    items.push({ label: 'Admin Panel', href: paths.admin.getHref(), icon: ShieldUser });
  }
  return items;
}

export function SidebarNav({
  items,
  collapsed = false,
  onNavigate,
}: {
  items: NavItem[];
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Navigation de l'espace client">
      <ul className="flex flex-col gap-1">
        {items.map(({ label, href, icon: Icon }) => (
          <li key={href}>
            <NavLink
              to={href}
              onClick={onNavigate}
              title={collapsed ? label : undefined}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-accent text-accent-foreground'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  collapsed && 'justify-center px-0',
                )
              }
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              <span className={collapsed ? 'sr-only' : undefined}>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
