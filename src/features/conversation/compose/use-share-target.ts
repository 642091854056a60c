import { useCallback, useEffect, useEffectEvent } from 'react';
import { useSearchParams } from 'react-router';
import { pageSharedFiles, SHARE_FAILED_PARAM, type SharedItems } from '../../../shared/share/share-target-store.ts';

export function sharedAsFiles({ files }: SharedItems): File[] {
  return files.map(({ name, type, blob }) => new File([blob], name, { type }));
}

/**
 * Hands what another app shared to the chat screen once, when it opens. The
 * share stays stored until the message goes (sent, or saved to send later),
 * so leaving the screen loses nothing; `clear` is called then (it settles once the
 * share is gone, and never rejects), and logout clears it too.
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

  const clear = useCallback(async () => {
    await pageSharedFiles()
      .clear()
      .catch(() => {
        // Left in storage, it is offered again next time and cleared at logout.
      });
  }, []);

  return { failed, clear };
}
