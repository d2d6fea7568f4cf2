import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { readStorage, writeStorage } from '../../../lib/local-storage.ts';
import { getPrivateArea, LAST_ENERGY_PATH_KEY } from '../utils/energy-paths.ts';

/** Remembers the last page seen in an energy space (the account area's switch returns there) and returns it. */
export function useLastEnergyPath(): string | null {
  const location = useLocation();
  const current = `${location.pathname}${location.search}${location.hash}`;
  const isEnergyPage = getPrivateArea(location.pathname).kind === 'energy';

  useEffect(() => {
    if (isEnergyPage) {
      writeStorage(LAST_ENERGY_PATH_KEY, current);
    }
  }, [isEnergyPage, current]);

  return isEnergyPage ? current : readStorage(LAST_ENERGY_PATH_KEY);
}
