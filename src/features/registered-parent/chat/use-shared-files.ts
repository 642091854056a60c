import { useCallback, useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  createSharedFilesStore,
  SHARE_FAILED_PARAM,
  type SharedFilesStore,
  type SharedItems,
} from '../../../shared/share/shared-files.ts';

let store: SharedFilesStore | undefined;

/** The page's one handle on what another app shared (opened on first use, not when the module loads). */
export function pageSharedFiles(): SharedFilesStore {
  store ??= createSharedFilesStore();
  return store;
}

/** Whether a share waits for the chat screen, so sign-in can go there instead of the menu. */
export async function shareIsWaiting(): Promise<boolean> {
  return (await pageSharedFiles().read()) !== undefined;
}

export function sharedAsFiles({ files }: SharedItems): File[] {
  return files.map(({ name, type, blob }) => new File([blob], name, { type }));
}

/**
 * Hands what another app shared to the chat screen once, when it opens. The
 * share stays stored until the message goes (sent, or saved to send later),
 * so leaving the screen loses nothing; `clear` is called then, and logout
 * clears it too.
 */
export function useSharedFiles(onShare: (items: SharedItems) => void) {
  const [params] = useSearchParams();
  const failed = params.has(SHARE_FAILED_PARAM);
  const take = useEffectEvent(onShare);

  useEffect(() => {
    let cancelled = false;
    void pageSharedFiles()
      .read()
      .then((items) => {
        if (items && !cancelled) take(items);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const clear = useCallback(() => {
    pageSharedFiles()
      .clear()
      .catch(() => {
        // Left in storage, it is offered again next time and cleared at logout.
      });
  }, []);

  return { failed, clear };
}
