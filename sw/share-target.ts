import { registerRoute } from 'workbox-routing';
import { paths } from '../src/config/paths.ts';
import { createSharedFilesStore, readShareForm, SHARE_FAILED_PARAM } from '../src/shared/share/share-target-store.ts';

declare const self: ServiceWorkerGlobalScope;

async function keepShare(request: Request): Promise<boolean> {
  try {
    const items = readShareForm(await request.formData());
    if (items.files.length > 0 || items.text !== '') await createSharedFilesStore().save(items);
    return true;
  } catch {
    return false;
  }
}

/**
 * The manifest's share_target posts what another app shares (Android's share
 * sheet) to paths.chatShare as multipart/form-data. A NavigationRoute only
 * sees GET, so this is a POST route of its own: it keeps the files and text
 * in IndexedDB (src/shared/share/share-target-store.ts) and answers 303, so the
 * browser opens the chat screen with GET, where they are attached; with
 * nobody signed in, the sign-in screen comes first and they wait.
 */
export function receiveShares(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === paths.chatShare,
    async ({ request }) => {
      const target = new URL(paths.chat, self.location.origin);
      if (!(await keepShare(request))) target.searchParams.set(SHARE_FAILED_PARAM, '1');
      return Response.redirect(target.href, 303);
    },
    'POST',
  );
}
