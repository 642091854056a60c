/**
 * What goes into a push, the same for both backends: the PushMessage as
 * JSON, at most PUSH_PAYLOAD_MAX_BYTES of UTF-8 (encrypted, a push body may
 * hold 3,993; Firefox for Android takes little more than 3,000). Only a
 * reply's or an announcement's text can be long: it is cut, at a character,
 * with an ellipsis, and the parent reads the whole of it in the portal. The
 * token is never in it: a PushMessage has no field for it.
 */
import { PUSH_PAYLOAD_MAX_BYTES, type PushMessage } from '../webhook/push.ts';

const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;
const ELLIPSIS = '…';

/** The push body for a message: its JSON, with a reply's or an announcement's text shortened until it fits. */
export function pushPayload(message: PushMessage): string {
  const whole = JSON.stringify(message);
  if (bytesOf(whole) <= PUSH_PAYLOAD_MAX_BYTES) return whole;
  if ((message.kind !== 'reply' && message.kind !== 'announcement') || message.text === undefined) {
    throw new RangeError(`A ${message.kind} push is ${bytesOf(whole)} bytes, over ${PUSH_PAYLOAD_MAX_BYTES}`);
  }
  const characters = [...message.text];
  // The longest prefix that fits, found by halving: JSON escapes make bytes per character vary.
  let low = 0;
  let high = characters.length;
  const withText = (count: number) =>
    JSON.stringify({ ...message, text: `${characters.slice(0, count).join('').trimEnd()}${ELLIPSIS}` });
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (bytesOf(withText(middle)) <= PUSH_PAYLOAD_MAX_BYTES) low = middle;
    else high = middle - 1;
  }
  return withText(low);
}
