/**
 * The files the app hands the phone (a Blob behind a blob: URL, saved through a link with `download`), caught as the
 * link is clicked: the test DOM saves no files. Each is read as the phone would keep it: its name, its media type, its
 * text.
 */
import { onTestFinished, vi } from 'vitest';
import { TEST_ORIGIN } from './fake-webhook.ts';

export interface Download {
  /** The file name the link suggests. */
  name: string;
  /** The media type of the Blob behind the link. */
  type: string;
  text: string;
}

export interface Downloads {
  /** The next file downloaded and not yet taken; throws when there is none. */
  take(): Promise<Download>;
}

/** Catches every download from now to the end of the test. */
export function catchDownloads(): Downloads {
  const blobs = new Map<string, Blob>();
  const caught: Promise<Download>[] = [];
  let taken = 0;
  const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:${TEST_ORIGIN}/${crypto.randomUUID()}`;
    if (blob instanceof Blob) blobs.set(url, blob);
    return url;
  });
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    blobs.delete(url);
  });
  const onClick = (event: MouseEvent) => {
    const link = event.target;
    if (!(link instanceof HTMLAnchorElement) || !link.hasAttribute('download')) return;
    // The test DOM would try to navigate to the file.
    event.preventDefault();
    const blob = blobs.get(link.href);
    caught.push(
      blob
        ? blob.text().then((text) => ({ name: link.download, type: blob.type, text }))
        : Promise.reject(new Error(`${link.href} is not a file this page made`)),
    );
  };
  document.addEventListener('click', onClick, true);
  onTestFinished(() => {
    document.removeEventListener('click', onClick, true);
    created.mockRestore();
    revoked.mockRestore();
  });
  return {
    take() {
      const next = caught[taken];
      if (!next) return Promise.reject(new Error(`No file was downloaded after the ${taken} taken`));
      taken += 1;
      return next;
    },
  };
}
