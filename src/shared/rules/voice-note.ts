/**
 * A voice note recorded in the portal: how long it may be, and how its
 * length travels with it. The length is written into the file's name
 * ("voice-note-1-05.webm" is 1:05), because a recorder's WebM has no
 * duration in its header (a player reads Infinity) and the contract's
 * attachment has no field for it: the name is carried everywhere the file
 * goes (outbox, webhook, n8n, Slack, /staff) with no change to the six
 * actions. DOM-free, so the page and the server read it the same way.
 */
import { isAllowedAttachmentType, TYPE_EXTENSIONS } from './attachment.ts';

/** The longest a voice note may be. */
export const VOICE_NOTE_MAX_MS = 2 * 60 * 1000;

/** When the "10 seconds left" warning comes. */
export const VOICE_NOTE_WARN_MS = VOICE_NOTE_MAX_MS - 10 * 1000;

const NAME = /^voice-note-(\d{1,2})-(\d{2})\.(webm|m4a|mp4|ogg)$/;

/** Whole seconds as m:ss ("0:07", "2:00"); a length under a second counts as 0:00. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The extension a recording of this type (without parameters) is saved under: the type's own, as displayFileName keeps it. */
export function voiceNoteExtension(type: string): string {
  return isAllowedAttachmentType(type) ? TYPE_EXTENSIONS[type][0] : 'webm';
}

/** "voice-note-0-12.webm": the name a recording of `ms` milliseconds is sent under. */
export function voiceNoteFileName(ms: number, type: string): string {
  return `voice-note-${formatDuration(ms).replace(':', '-')}.${voiceNoteExtension(type)}`;
}

/** The length a voice note's name carries, as m:ss; undefined for any other file. */
export function voiceNoteDuration(filename: string): string | undefined {
  const match = NAME.exec(filename);
  if (!match) return undefined;
  const [, minutes = '0', seconds = '00'] = match;
  return Number(seconds) < 60 ? `${Number(minutes)}:${seconds}` : undefined;
}
