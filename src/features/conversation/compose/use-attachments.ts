import { useCallback, useRef, useState } from 'react';
import { ATTACHMENTS_MAX_TOTAL_BYTES } from '../../../shared/rules/attachment.ts';
import { keepAsItIs, screenFiles, totalBytes, type PreparedFile, type Refusal } from './attachment-checks.ts';
import { shrinkPhoto } from './shrink-photo.ts';

/** An attached file with a key of its own (two files may share a name) and the parent's choice for it. */
export interface Attachment extends PreparedFile {
  key: number;
  /** 'Send original' chosen: the exact bytes go, not the smaller copy. */
  sendOriginal: boolean;
}

/** The file that goes over the network for an attachment. */
export function sentFile({ original, smaller, sendOriginal }: Attachment): File {
  return sendOriginal || !smaller ? original : smaller;
}

let nextKey = 0;

/**
 * The chat's attachments, picked or shared. Adding is asynchronous (the
 * data saver re-encodes photos first), so additions run one after another
 * against the latest list, and `settled()` gives the files to send once every
 * addition under way has finished: nothing is sent half-prepared.
 */
export function useAttachments(dataSaver: boolean) {
  const [items, setItems] = useState<readonly Attachment[]>([]);
  const [preparing, setPreparing] = useState(0);
  const latest = useRef<readonly Attachment[]>(items);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const update = useCallback((next: readonly Attachment[]) => {
    latest.current = next;
    setItems(next);
  }, []);

  /** Attaches what the rules accept and resolves with what they refused. */
  const add = useCallback(
    (files: readonly File[]): Promise<Refusal[]> => {
      const prepare = dataSaver ? shrinkPhoto : keepAsItIs;
      setPreparing((count) => count + 1);
      const run = queue.current.then(async () => {
        const { accepted, refused } = await screenFiles(latest.current.map(sentFile), files, prepare);
        const added = accepted.map((file) => ({ ...file, key: nextKey++, sendOriginal: false }));
        if (added.length > 0) update([...latest.current, ...added]);
        return refused;
      });
      const done = () => setPreparing((count) => count - 1);
      queue.current = run.then(done, done);
      return run;
    },
    [dataSaver, update],
  );

  const remove = useCallback((key: number) => update(latest.current.filter((item) => item.key !== key)), [update]);

  /** Switches one photo between its smaller copy and the original; false when the original would pass the cap. */
  const setSendOriginal = useCallback(
    (key: number, sendOriginal: boolean): boolean => {
      const next = latest.current.map((item) => (item.key === key ? { ...item, sendOriginal } : item));
      if (totalBytes(next.map(sentFile)) > ATTACHMENTS_MAX_TOTAL_BYTES) return false;
      update(next);
      return true;
    },
    [update],
  );

  const clear = useCallback(() => update([]), [update]);

  const settled = useCallback(async (): Promise<File[]> => {
    await queue.current;
    return latest.current.map(sentFile);
  }, []);

  return { items, preparing: preparing > 0, add, remove, setSendOriginal, clear, settled };
}

export type Attachments = ReturnType<typeof useAttachments>;
