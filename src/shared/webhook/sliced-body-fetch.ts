/**
 * fetch() copies a string body into the request in one go: for the ~14 MB of
 * JSON a message with 10 MB of attachments makes, that single step held the
 * page for about 300 ms. A Blob body is handed over without that copy, so a
 * large body is turned into one Blob a slice per task first.
 */
export const BODY_SLICE_CHARS = 1 << 20;

/** Resolves in a new task. Unlike setTimeout, a message is not slowed down in a background tab. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The text as UTF-8 in a Blob, encoded a slice per task. */
export async function textToBlob(text: string, sliceChars: number = BODY_SLICE_CHARS): Promise<Blob> {
  const parts: Blob[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + sliceChars, text.length);
    // Never cut a surrogate pair in two: each half alone would be written as U+FFFD.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;
    parts.push(new Blob([text.slice(start, end)]));
    start = end;
    if (start < text.length) await nextTask();
  }
  return new Blob(parts);
}

/** fetch, with a large string body sent as a Blob; every other request passes through as it is. */
export const slicedBodyFetch: typeof fetch = async (input, init) => {
  const body = init?.body;
  if (typeof body === 'string' && body.length > BODY_SLICE_CHARS) {
    return fetch(input, { ...init, body: await textToBlob(body) });
  }
  return fetch(input, init);
};
