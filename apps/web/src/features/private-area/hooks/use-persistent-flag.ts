import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../../lib/local-storage.ts';

/** A boolean kept in localStorage ('1' / '0'), e.g. the collapsed sidebar. */
export function usePersistentFlag(key: string, initial = false): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => {
    const stored = readStorage(key);
    return stored === null ? initial : stored === '1';
  });
  const update = useCallback(
    (next: boolean) => {
      writeStorage(key, next ? '1' : '0');
      setValue(next);
    },
    [key],
  );
  return [value, update];
}
