import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chat, fileOf } from '../../../support/envelopes.ts';
import { recordedWebm } from '../../../support/recorded-audio.ts';
import { addStaff, staffSession } from '../../../support/staff.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

let p: TestPortal;
beforeEach(async () => {
  p = await startTestPortal();
});
afterEach(async () => {
  await p.dispose();
});

const NOTE = recordedWebm();

describe('a voice note in /staff', () => {
  it('plays where it is listed, labelled with its length, and fetches nothing until played', async () => {
    await addStaff(p);
    const voiceNote = { filename: 'voice-note-0-12.webm', mimetype: 'audio/webm', content: NOTE.toString('base64') };
    expect((await p.post(chat('Voice note', [voiceNote, fileOf(700, 'audio/mpeg', 'song.mp3')]))).statusCode).toBe(200);
    const staff = await staffSession(p);
    const page = await staff.get('/staff/conversations/919000000001');

    const players = [
      ...page.body.matchAll(/<audio controls preload="none" src="([^"]+)" aria-label="([^"]+)"><\/audio>/g),
    ];
    expect(players.map(([, , label]) => label)).toEqual(['Voice note, 0:12', 'song.mp3']);
    expect(page.body).toContain('(voice note, 0:12, audio/webm, ');
    // The page may load its own media, and still runs no script.
    expect(page.headers['content-security-policy']).toMatch(/; media-src 'self'$/);
    expect(page.body).not.toContain('<script');

    const file = await staff.get(players[0]?.[1] ?? '');
    expect([file.statusCode, file.headers['content-type'], file.rawPayload.equals(NOTE)]).toEqual([
      200,
      'audio/webm',
      true,
    ]);
  });

  it('shows any other audio file as a player under its own name, with no length claimed', async () => {
    await addStaff(p);
    expect((await p.post(chat('A song', [fileOf(700, 'audio/mpeg', 'voice-note-9-99.mp3')]))).statusCode).toBe(200);
    const page = await (await staffSession(p)).get('/staff/conversations/919000000001');
    expect(page.body).toContain('aria-label="voice-note-9-99.mp3"');
    expect(page.body).not.toContain('voice note, ');
  });
});
