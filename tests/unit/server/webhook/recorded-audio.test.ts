import { describe, expect, it } from 'vitest';
import { decodeAttachments } from '../../../../server/webhook/attachments.ts';
import { voiceNoteDuration } from '../../../../src/shared/rules/voice-note.ts';
import { recordedWebm } from '../../../support/recorded-audio.ts';

describe('the reference webhook and a recorded voice note', () => {
  it('accepts it as audio/webm and keeps its name, and so its length', () => {
    const bytes = recordedWebm();
    const decoded = decodeAttachments(
      [{ filename: 'voice-note-0-12.webm', mimetype: 'audio/webm', content: bytes.toString('base64') }],
      'en',
    );
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    const [note] = decoded.attachments;
    expect({ filename: note?.filename, mimetype: note?.mimetype, same: note?.bytes.equals(bytes) }).toEqual({
      filename: 'voice-note-0-12.webm',
      mimetype: 'audio/webm',
      same: true,
    });
    expect(voiceNoteDuration(note?.filename ?? '')).toBe('0:12');
  });

  it('refuses the same bytes declared as audio/mp4', () => {
    const content = recordedWebm().toString('base64');
    expect(
      decodeAttachments([{ filename: 'voice-note-0-12.m4a', mimetype: 'audio/mp4', content }], 'en'),
    ).toMatchObject({ ok: false, status: 400 });
  });
});
