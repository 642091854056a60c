import { beforeAll } from 'vitest';
import { SCREENS } from '../../../src/app/app-routes.tsx';

/** Transforming a screen's module graph is the slowest step of a screen test file on a busy machine. */
const LOADING_TIMEOUT_MS = 60_000;

/**
 * Before a test file's first test, loads the screens at `paths`, as the built app preloads a page's screen before it
 * hydrates: each test then finds its screen drawn at once, and no test's waits include the transform of the
 * screen's modules.
 */
export function preloadScreens(...paths: string[]): void {
  beforeAll(async () => {
    const screens = SCREENS.filter(({ path }) => paths.includes(path));
    await Promise.all(screens.map(({ Page }) => ('preload' in Page ? Page.preload() : undefined)));
  }, LOADING_TIMEOUT_MS);
}
