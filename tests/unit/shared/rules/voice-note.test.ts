import { describe, expect, it } from 'vitest';
import { formatDuration, voiceNoteDuration, voiceNoteFileName } from '../../../../src/shared/rules/voice-note.ts';

describe('a voice note length', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [12_400, '0:12'],
    [65_000, '1:05'],
    [120_000, '2:00'],
    [-5, '0:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it.each([
    [12_400, 'audio/webm', 'voice-note-0-12.webm'],
    [65_000, 'audio/mp4', 'voice-note-1-05.m4a'],
  ])('%i ms of %s is sent as %s, and read back from the name', (ms, type, name) => {
    expect(voiceNoteFileName(ms, type)).toBe(name);
    expect(voiceNoteDuration(name)).toBe(formatDuration(ms));
  });

  it.each([
    'song.webm',
    'voice-note-0-75.webm',
    'voice-note-0-12.exe',
    'x/voice-note-0-12.webm',
    'voice-note-0-12.webm.html',
  ])('reads no length from %s', (name) => {
    expect(voiceNoteDuration(name)).toBeUndefined();
  });
});
