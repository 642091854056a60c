import { useCallback, useState } from 'react';
import { useHydrated } from '../../../ui/use-hydrated.ts';

/** localStorage key of the data saver setting: remembered on this phone, for every parent who uses it. */
export const DATA_SAVER_KEY = 'thrive-data-saver';

const OFF = 'off';

// Reading window.localStorage itself throws where storage is blocked, hence a getter.
const phoneStorage = () => window.localStorage;

/** On unless turned off here; storage that cannot be read (a private window, say) leaves it on. */
export function readDataSaver(storage: () => Pick<Storage, 'getItem'>): boolean {
  try {
    return storage().getItem(DATA_SAVER_KEY) !== OFF;
  } catch {
    return true;
  }
}

export function writeDataSaver(storage: () => Pick<Storage, 'setItem' | 'removeItem'>, on: boolean): void {
  try {
    if (on) storage().removeItem(DATA_SAVER_KEY);
    else storage().setItem(DATA_SAVER_KEY, OFF);
  } catch {
    // Not remembered, but still applied to this visit.
  }
}

/**
 * The data saver switch of the chat screen: photos are made smaller before sending unless turned off.
 * The prerendered page shows it on; this phone's setting is read once the page is hydrated.
 */
export function useDataSaver() {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<boolean>();
  const on = chosen ?? (hydrated ? readDataSaver(phoneStorage) : true);
  const change = useCallback((next: boolean) => {
    writeDataSaver(phoneStorage, next);
    setChosen(next);
  }, []);
  return { on, change };
}
