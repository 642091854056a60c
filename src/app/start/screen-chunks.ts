import { SCREEN_CHUNKS_ID } from '../../page/boot-script.ts';
import { nextTask } from './next-task.ts';

/**
 * Evaluates the chunks of the page's screen that the entry does not bring
 * (the page lists them: build/prerender.ts), one task each in dependency
 * order: importing the screen at once would evaluate them all, and the
 * libraries it uses, in one long task. Once they are in, the screen's own
 * import resolves at once.
 */
export async function evaluateScreenChunks(): Promise<void> {
  const list = document.getElementById(SCREEN_CHUNKS_ID)?.textContent;
  const chunks: unknown = JSON.parse(list ?? '[]');
  if (!Array.isArray(chunks)) return;
  for (const href of chunks) {
    if (typeof href !== 'string') continue;
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
}
