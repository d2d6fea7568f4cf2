/**
 * URLs of the private area (spec §2.3, §2.4): `/private/{energy}/{page}`, the account area and the admin panel,
 * the space title of the header and the gas ↔ electricity switch. Pure functions, no React.
 */

export const energies = ['gas', 'elec'] as const;
export type Energy = (typeof energies)[number];
export const DEFAULT_ENERGY: Energy = 'gas';

export const energyPages = ['dashboard', 'simulator', 'optimisation', 'audit'] as const;
export type EnergyPage = (typeof energyPages)[number];

/** localStorage key of the last page visited outside the account area (the switch's way back). */
export const LAST_ENERGY_PATH_KEY = 'pe:last-energy-path';

export function isEnergy(value: unknown): value is Energy {
  return value === 'gas' || value === 'elec';
}

export function isEnergyPage(value: unknown): value is EnergyPage {
  return typeof value === 'string' && (energyPages as readonly string[]).includes(value);
}

export function energyHref(energy: Energy, page: EnergyPage = 'dashboard'): string {
  return `/private/${energy}/${page}`;
}

export const defaultDashboardHref = energyHref(DEFAULT_ENERGY);

export type PrivateArea =
  | { kind: 'energy'; energy: Energy; rest: string }
  | { kind: 'account' }
  | { kind: 'admin' }
  | { kind: 'other' };

/** Which part of the private area a pathname belongs to; `rest` is what follows `/private/{energy}`. */
export function getPrivateArea(pathname: string): PrivateArea {
  const match = /^\/private\/([^/?#]+)(\/[^?#]*)?$/.exec(pathname);
  if (!match) {
    return { kind: 'other' };
  }
  const [, segment, rest = ''] = match;
  if (isEnergy(segment)) {
    return { kind: 'energy', energy: segment, rest };
  }
  if (segment === 'account') {
    return { kind: 'account' };
  }
  if (segment === 'admin') {
    return { kind: 'admin' };
  }
  return { kind: 'other' };
}

export type SpaceTitle = 'Espace Gaz' | 'Espace Électricité' | 'Espace Compte';

export const energyNames: Record<Energy, { space: SpaceTitle; short: string }> = {
  gas: { space: 'Espace Gaz', short: 'Gaz' },
  elec: { space: 'Espace Électricité', short: 'Électricité' },
};

/** Header title: Espace Gaz, Espace Électricité, else Espace Compte (account and admin). */
export function getSpaceTitle(pathname: string): SpaceTitle {
  const area = getPrivateArea(pathname);
  return area.kind === 'energy' ? energyNames[area.energy].space : 'Espace Compte';
}

function otherEnergy(energy: Energy): Energy {
  return energy === 'gas' ? 'elec' : 'gas';
}

/** The remembered page if it is still a page of an energy space, else null. */
export function readableLastEnergyPath(value: string | null | undefined): string | null {
  if (!value) {
    return null;
  }
  const pathname = value.split(/[?#]/)[0] ?? '';
  return getPrivateArea(pathname).kind === 'energy' ? value : null;
}

/** The energy the user is working on: the current one, or the one of the remembered page, else gas. */
export function getCurrentEnergy(pathname: string, lastEnergyPath: string | null): Energy {
  const area = getPrivateArea(pathname);
  if (area.kind === 'energy') {
    return area.energy;
  }
  const last = readableLastEnergyPath(lastEnergyPath);
  if (last) {
    const lastArea = getPrivateArea(last.split(/[?#]/)[0] ?? '');
    if (lastArea.kind === 'energy') {
      return lastArea.energy;
    }
  }
  return DEFAULT_ENERGY;
}

export type EnergySwitch = { href: string; label: string; target: Energy; kind: 'switch' | 'return' };

/**
 * The header's switch. In an energy space: the other energy, same rest of path, same query and hash
 * (`/private/gas/simulator?x=1` → `/private/elec/simulator?x=1`). Elsewhere (account, admin): back to the last
 * page visited in an energy space (remembered), else the default dashboard.
 */
export function getEnergySwitch(
  location: { pathname: string; search?: string; hash?: string },
  lastEnergyPath: string | null,
): EnergySwitch {
  const area = getPrivateArea(location.pathname);
  if (area.kind === 'energy') {
    const target = otherEnergy(area.energy);
    return {
      href: `/private/${target}${area.rest}${location.search ?? ''}${location.hash ?? ''}`,
      label: target === 'elec' ? "Passer à l'électricité" : 'Passer au gaz',
      target,
      kind: 'switch',
    };
  }
  const href = readableLastEnergyPath(lastEnergyPath) ?? defaultDashboardHref;
  const target = getCurrentEnergy(location.pathname, href);
  return { href, label: `Retour à l'${energyNames[target].space}`, target, kind: 'return' };
}
