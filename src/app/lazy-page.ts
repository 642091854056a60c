import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';

/** A screen in its own chunk, which can be loaded ahead of its first render. */
export interface LazyPage extends FunctionComponent {
  /** Loads the chunk; from then on the screen renders at once, without suspending. */
  preload(): Promise<void>;
  /** The name its module exports it under: the build finds the screen's chunk, and its CSS, by it. */
  exportName: string;
}

/**
 * React.lazy for a module's named export, so route modules keep named exports.
 * A prerendered page is hydrated only after its screen's chunk is preloaded:
 * React.lazy would suspend even then (its promise settles a tick later), and a
 * screen that suspends while hydrating shows its server HTML frozen until it retries.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage {
  let loaded: ComponentType | undefined;
  const fetchScreen = async () => {
    loaded ??= (await load())[name] as ComponentType;
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await fetchScreen() }));
  // Chosen once per mount: switching from Lazy to the loaded screen later would remount it and lose its state.
  function Page() {
    const [Screen] = useState(() => loaded ?? Lazy);
    return createElement(Screen);
  }
  return Object.assign(Page, {
    preload: async () => {
      await fetchScreen();
    },
    exportName: String(name),
  });
}
