/**
 * What another app shared to the portal (Android's share sheet, through the
 * manifest's share_target), kept until the chat screen sends it. The service
 * worker writes it; the chat screen reads it each time it opens and clears it
 * once the message is sent or saved to send later; logout clears it too,
 * because phones are shared. A newer share replaces an older one. Files are
 * kept as Blobs with their name and type beside them (a stored File comes
 * back as a plain Blob in some engines). A stored value of another shape, or
 * storage that cannot be read, reads as nothing waiting.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { SHARED_FILES_DB, SHARED_FILES_STORE } from '../storage-names.ts';

export interface SharedFile {
  name: string;
  type: string;
  blob: Blob;
}

export interface SharedItems {
  files: SharedFile[];
  /** The shared title, text and link, one per line; empty when none came. */
  text: string;
  /** Epoch milliseconds. */
  sharedAt: number;
}

export interface SharedFilesStore {
  save(items: SharedItems): Promise<void>;
  read(): Promise<SharedItems | undefined>;
  clear(): Promise<void>;
}

/** The names of the share_target's form fields (manifest.webmanifest's `params`). */
export const SHARE_FIELDS = { title: 'title', text: 'text', url: 'url', files: 'files' } as const;

/** Set on the chat address when a share arrived but could not be kept, so the screen can say so. */
export const SHARE_FAILED_PARAM = 'share-failed';

const KEY = 'latest';

/**
 * One text from the shared title, text and link: apps often repeat the link
 * inside the text, or send a title that is the text's first words, so a
 * part already contained in another is left out.
 */
export function joinSharedText(parts: readonly (string | undefined)[]): string {
  const present = parts.map((part) => part?.trim() ?? '').filter((part) => part !== '');
  const kept = present.filter((part, index) =>
    present.every((other, at) => at === index || (other === part ? at > index : !other.includes(part))),
  );
  return kept.join('\n');
}

/** The share as the share target's multipart form carried it; an empty file input gives no file. */
export function readShareForm(form: FormData, now: number = Date.now()): SharedItems {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const files = form
    .getAll(SHARE_FIELDS.files)
    .filter((value): value is File => typeof value !== 'string' && value.size > 0)
    .map((file) => ({ name: file.name, type: file.type, blob: file }));
  return {
    files,
    text: joinSharedText([field(SHARE_FIELDS.title), field(SHARE_FIELDS.text), field(SHARE_FIELDS.url)]),
    sharedAt: now,
  };
}

function isSharedFile(value: unknown): value is SharedFile {
  if (typeof value !== 'object' || value === null) return false;
  const { name, type, blob } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof type === 'string' && blob instanceof Blob;
}

function isSharedItems(value: unknown): value is SharedItems {
  if (typeof value !== 'object' || value === null) return false;
  const { files, text, sharedAt } = value as Record<string, unknown>;
  return Array.isArray(files) && files.every(isSharedFile) && typeof text === 'string' && Number.isFinite(sharedAt);
}

export function createSharedFilesStore(
  useStore: UseStore = createStore(SHARED_FILES_DB, SHARED_FILES_STORE),
): SharedFilesStore {
  return {
    save: ({ files, text, sharedAt }) => set(KEY, { files, text, sharedAt }, useStore),
    async read() {
      const value: unknown = await get(KEY, useStore).catch(() => undefined);
      return isSharedItems(value) ? value : undefined;
    },
    clear: () => del(KEY, useStore),
  };
}

let pageStore: SharedFilesStore | undefined;

/** The page's one handle on what another app shared (opened on first use, not when the module loads). */
export function pageSharedFiles(): SharedFilesStore {
  pageStore ??= createSharedFilesStore();
  return pageStore;
}

/** Whether a share waits for the chat screen, so sign-in can go there instead of the menu. */
export async function shareIsWaiting(): Promise<boolean> {
  return (await pageSharedFiles().read()) !== undefined;
}
