import { afterEach, expect, it, vi } from 'vitest';
import type { ShrinkRequest, ShrinkResponse } from '../../../../../src/features/conversation/compose/shrink-photo.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

// The page sends the original whenever the worker answers null (tests/unit/features/conversation/
// chat-data-saver-screen.test.tsx); the browser suite has the worker decode and re-encode a real photo.
it('answers null for a photo the browser cannot decode, so the original is sent', async () => {
  let onMessage: ((event: MessageEvent<ShrinkRequest>) => void) | undefined;
  const answered = new Promise<ShrinkResponse>((resolve) => {
    vi.stubGlobal('postMessage', resolve);
  });
  vi.stubGlobal('addEventListener', (type: string, listener: typeof onMessage) => {
    if (type === 'message') onMessage = listener;
  });
  // What a browser's decoder does with bytes it cannot read.
  vi.stubGlobal('createImageBitmap', () =>
    Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError')),
  );
  await import('../../../../../src/features/conversation/compose/shrink-photo.worker.ts');

  onMessage?.(new MessageEvent('message', { data: { id: 7, photo: new Blob(['not a picture']) } }));
  expect(await answered).toEqual({ id: 7, blob: null });
});
