import type { Page } from '@playwright/test';

/** Keeps every stream the page opens, so a test can see that each of its tracks was stopped. */
export async function watchMicrophone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { openedStreams: MediaStream[] }).openedStreams = streams;
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

/** The microphone answers as a refusal would: the person (or the site settings) said no. */
export async function refuseMicrophone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
}

/** How many tracks were opened, and how many are still live. */
export async function microphoneTracks(page: Page): Promise<{ opened: number; live: number }> {
  return page.evaluate(() => {
    const tracks = (window as unknown as { openedStreams: MediaStream[] }).openedStreams.flatMap((stream) =>
      stream.getTracks(),
    );
    return { opened: tracks.length, live: tracks.filter((track) => track.readyState === 'live').length };
  });
}

/** The length in seconds of a recording, decoded by the browser itself (a recorder's WebM header says nothing). */
export async function decodedSeconds(page: Page, bytes: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const audio = new OfflineAudioContext(1, 48_000, 48_000);
    return (await audio.decodeAudioData(data.buffer)).duration;
  }, bytes.toString('base64'));
}
