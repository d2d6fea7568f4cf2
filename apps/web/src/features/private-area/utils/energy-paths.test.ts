import { describe, expect, it } from 'vitest';
import { getCurrentEnergy, getEnergySwitch, getPrivateArea, getSpaceTitle } from './energy-paths.ts';

describe('private area paths', () => {
  it.each([
    ['/private/gas/dashboard', 'Espace Gaz'],
    ['/private/elec/simulator', 'Espace Électricité'],
    ['/private/account/settings', 'Espace Compte'],
    ['/private/admin', 'Espace Compte'],
  ])('%s is titled %s', (pathname, title) => {
    expect(getSpaceTitle(pathname)).toBe(title);
  });

  it('recognises the areas', () => {
    expect(getPrivateArea('/private/gas/audit')).toEqual({ kind: 'energy', energy: 'gas', rest: '/audit' });
    expect(getPrivateArea('/private/account/about')).toEqual({ kind: 'account' });
    expect(getPrivateArea('/private/admin')).toEqual({ kind: 'admin' });
    expect(getPrivateArea('/private/water/dashboard')).toEqual({ kind: 'other' });
    expect(getPrivateArea('/faq')).toEqual({ kind: 'other' });
  });
});

describe('gas ↔ electricity switch', () => {
  it('switches the energy and keeps the rest of the path, the query and the hash', () => {
    expect(getEnergySwitch({ pathname: '/private/gas/simulator', search: '?point=PITD', hash: '#r' }, null)).toEqual({
      href: '/private/elec/simulator?point=PITD#r',
      label: "Passer à l'électricité",
      target: 'elec',
      kind: 'switch',
    });
    expect(getEnergySwitch({ pathname: '/private/elec/optimisation' }, null)).toMatchObject({
      href: '/private/gas/optimisation',
      label: 'Passer au gaz',
      target: 'gas',
    });
  });

  it('in the account area, returns to the last page visited in an energy space', () => {
    expect(getEnergySwitch({ pathname: '/private/account/settings' }, '/private/elec/audit?x=1')).toEqual({
      href: '/private/elec/audit?x=1',
      label: "Retour à l'Espace Électricité",
      target: 'elec',
      kind: 'return',
    });
  });

  it('in the account area with nothing (or nothing valid) remembered, returns to the gas dashboard', () => {
    for (const remembered of [null, '', '/private/account/about', 'https://evil.example/private/gas/x']) {
      expect(getEnergySwitch({ pathname: '/private/account/mandats' }, remembered)).toMatchObject({
        href: '/private/gas/dashboard',
        label: "Retour à l'Espace Gaz",
        kind: 'return',
      });
    }
  });

  it('the sidebar follows the current energy, else the remembered one, else gas', () => {
    expect(getCurrentEnergy('/private/elec/dashboard', '/private/gas/audit')).toBe('elec');
    expect(getCurrentEnergy('/private/account/settings', '/private/elec/audit')).toBe('elec');
    expect(getCurrentEnergy('/private/admin', null)).toBe('gas');
  });
});
