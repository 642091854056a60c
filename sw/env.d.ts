import type { PrecacheEntry } from 'workbox-precaching';

declare global {
  interface ServiceWorkerGlobalScope {
    __WB_MANIFEST: Array<PrecacheEntry | string>;
  }

  /** Background Sync (Chromium): not in TypeScript's WebWorker lib. */
  interface SyncEvent extends ExtendableEvent {
    readonly tag: string;
    readonly lastChance: boolean;
  }

  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }

  /**
   * What Vite puts in place of import.meta.env when it builds the worker, for
   * src/config/env.ts (the page's build declares the same in src/vite-env.d.ts).
   */
  interface ImportMetaEnv {
    readonly VITE_WEBHOOK_URL?: string;
    readonly VITE_KNOW_MORE_URL?: string;
    readonly PROD: boolean;
  }

  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}
