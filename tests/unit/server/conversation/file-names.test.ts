import { describe, expect, it } from 'vitest';
import { displayFileName } from '../../../../src/shared/rules/attachment.ts';
import type { ConversationAnswers } from '../../../../src/shared/webhook/conversation.ts';
import type { CodeRecorder } from '../../../support/code-recorder.ts';
import { chatThread, verifiedToken } from '../../../support/conversation.ts';
import { chat, TEST_PARENT } from '../../../support/envelopes.ts';
import { MEDIA_HEADS } from '../../../support/media-samples.ts';
import { addStaff, staffSession } from '../../../support/staff.ts';
import type { TestPortal } from '../../../support/test-portal.ts';
import { portalPerTest } from '../portal-per-test.ts';

/**
 * A file's name is the sender's to choose; its type is what its bytes were
 * checked to be. The name kept, shown and offered for download carries the
 * checked type's own extension, so a PNG named `report.html` never reaches
 * a facilitator's disk as a page.
 */
let codes: CodeRecorder;
let p: TestPortal;
portalPerTest((current) => ({ p, codes } = current));

/** PNG's signature, then a page: it passes as a PNG by its first bytes. */
const pngWithScript = Buffer.concat([MEDIA_HEADS['image/png'], Buffer.from('<script>alert(document.cookie)</script>')]);
const disguised = (filename: string) => ({
  filename,
  mimetype: 'image/png',
  content: pngWithScript.toString('base64'),
});

describe('a file whose name says another type than its bytes', () => {
  it.each([
    ['report.html', 'report.png'],
    ['setup.exe', 'setup.png'],
    ['invoice.svg', 'invoice.png'],
    ['notes', 'notes.png'],
    ['photo.PNG', 'photo.PNG'],
  ])('%s sent as a PNG is kept, listed and downloaded as %s', async (sent, kept) => {
    await addStaff(p);
    expect((await p.post(chat('Our report', [disguised(sent)]))).statusCode).toBe(200);
    expect(p.db.prepare('SELECT filename FROM attachments').pluck().get()).toBe(kept);

    const token = await verifiedToken(p, codes, TEST_PARENT);
    const [message] = (thread(await chatThread(p, token)) as ConversationAnswers['chat_thread']).messages;
    expect(message?.attachments.map((file) => [file.filename, file.mimetype])).toEqual([[kept, 'image/png']]);
    const mine = await p.app.inject({
      url: message?.attachments[0]?.url ?? '',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(downloadHeaders(mine)).toEqual(expectedDownload(kept));

    const staff = await staffSession(p);
    const page = (await staff.get('/staff/conversations/919000000001')).body;
    expect(page).toContain(`<bdi>${kept}</bdi></a>`);
    if (sent !== kept) expect(page).not.toContain(`>${sent}<`);
    const href = /href="(\/staff\/thread\/[0-9]+\/files\/0)"/.exec(page)?.[1] ?? '';
    expect(downloadHeaders(await staff.get(href))).toEqual(expectedDownload(kept));
  });

  it('gets the checked type’s extension on names stored before the rule, wherever they are shown', async () => {
    await addStaff(p);
    await p.post(chat('Old upload', [disguised('report.png')]));
    p.db.prepare("UPDATE attachments SET filename = 'report.html'").run();
    const staff = await staffSession(p);
    const page = (await staff.get('/staff/conversations/919000000001')).body;
    expect(page).toContain('<bdi>report.png</bdi></a>');
    expect(page).not.toContain('report.html');
    const href = /href="(\/staff\/thread\/[0-9]+\/files\/0)"/.exec(page)?.[1] ?? '';
    expect(downloadHeaders(await staff.get(href))).toEqual(expectedDownload('report.png'));
  });
});

describe('displayFileName with the checked type', () => {
  it.each([
    ['a name with the type’s own extension', 'drawing.jpeg', 'image/jpeg', 'drawing.jpeg'],
    ['another spelling of it, any case', 'DRAWING.JPG', 'image/jpeg', 'DRAWING.JPG'],
    ['a page’s extension', 'report.html', 'image/png', 'report.png'],
    ['a program’s', 'setup.exe', 'video/mp4', 'setup.mp4'],
    ['an image type that can carry script', 'invoice.svg', 'image/webp', 'invoice.webp'],
    ['no extension', 'voice note', 'audio/ogg', 'voice note.ogg'],
    ['digits after the dot are not a type', 'Scan 2026.11.25', 'image/jpeg', 'Scan 2026.11.25.jpg'],
    ['a long word after the dot is not a type', 'my.holidays', 'image/gif', 'my.holidays.gif'],
    ['nothing left of the name', '\u202e', 'audio/wav', 'attachment.wav'],
    ['a bidi trick', 'pic\u202egnp.exe', 'image/png', 'picgnp.png'],
  ])('%s: %j as %s is %j', (_case, raw, type, shown) => {
    expect(displayFileName(raw, type)).toBe(shown);
  });

  it('keeps the type’s extension when it cuts a long name', () => {
    const shown = displayFileName(`${'a'.repeat(300)}.html`, 'image/png');
    expect(Array.from(shown)).toHaveLength(100);
    expect(shown).toMatch(/^a+…\.png$/);
  });
});

const thread = (response: { json(): unknown }) => response.json();

const downloadHeaders = (response: { statusCode: number; headers: Record<string, unknown> }) => ({
  status: response.statusCode,
  type: response.headers['content-type'],
  disposition: response.headers['content-disposition'],
  nosniff: response.headers['x-content-type-options'],
});

const expectedDownload = (name: string) => ({
  status: 200,
  type: 'image/png',
  disposition: `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  nosniff: 'nosniff',
});
