import { afterEach, describe, expect, it, vi } from 'vitest';
import { BODY_SLICE_CHARS, slicedBodyFetch, textToBlob } from '../../../../src/shared/webhook/sliced-body-fetch.ts';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('textToBlob', () => {
  it.each([
    ['empty text', '', 4],
    ['ASCII in uneven slices', '{"a":"0123456789"}', 4],
    ['text shorter than a slice', 'hello', 100],
    ['Devanagari', 'नमस्ते, आप कैसे हैं?', 3],
    ['an emoji pair falling on a slice boundary', 'abc😀def😀', 4],
    ['emoji only, a slice of two', '😀😀😀', 2],
    ['emoji with a slice of one', 'a😀b', 1],
  ])('writes %s as exactly its UTF-8 bytes', async (_case, text, sliceChars) => {
    const blob = await textToBlob(text, sliceChars);
    expect(Buffer.from(await blob.arrayBuffer()).equals(utf8(text))).toBe(true);
  });
});

describe('slicedBodyFetch', () => {
  const realFetch = vi.fn(async () => new Response('ok'));

  afterEach(() => {
    vi.unstubAllGlobals();
    realFetch.mockClear();
  });

  it('sends a large string body as a Blob of the same bytes, keeping the rest of the request', async () => {
    vi.stubGlobal('fetch', realFetch);
    const body = JSON.stringify({ content: 'x'.repeat(BODY_SLICE_CHARS + 10), note: 'चलो 😀' });
    const headers = { 'Content-Type': 'application/json' };
    await slicedBodyFetch('/api/webhook', { method: 'POST', headers, body });
    const [url, init] = realFetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/webhook');
    expect(init.method).toBe('POST');
    expect(init.headers).toBe(headers);
    expect(init.body).toBeInstanceOf(Blob);
    expect(Buffer.from(await (init.body as Blob).arrayBuffer()).equals(utf8(body))).toBe(true);
  });

  it('passes a small body through untouched', async () => {
    vi.stubGlobal('fetch', realFetch);
    const init = { method: 'POST', body: '{"a":1}' };
    await slicedBodyFetch('/api/webhook', init);
    expect(realFetch).toHaveBeenCalledWith('/api/webhook', init);
  });
});
