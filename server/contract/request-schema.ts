/**
 * The request half of the webhook contract, as a JSON Schema built from the
 * portal's own rules (src/shared/rules): the phone patterns, the message and
 * attachment limits, the attachment types and the control characters are
 * read from the constants the page checks with, so the schema cannot say
 * otherwise. The server validates with this object;
 * server/contract/request.schema.json is the same object written out for
 * readers and other validators by `npm run n8n -- workflow`, and a test fails
 * when the committed file is stale. Limits only the schema holds (a name's or
 * a note's length) are written here, once.
 */
import {
  ATTACHMENT_TYPES,
  ATTACHMENTS_MAX_COUNT,
  ATTACHMENTS_MAX_TOTAL_BYTES,
  FILE_NAME_MAX_LENGTH,
} from '../../src/shared/rules/attachment.ts';
import { ANY_CONTROL, CONTROL_BESIDES_LINE_BREAKS } from '../../src/shared/rules/control-characters.ts';
import { MESSAGE_MAX_LENGTH } from '../../src/shared/rules/message.ts';
import { NAME_MAX_LENGTH } from '../../src/shared/rules/name.ts';
import { E164, INDIAN_MOBILE } from '../../src/shared/rules/phone.ts';
import { LOCALES } from '../../src/shared/i18n/locale.ts';
import { CODE_PATTERN } from '../../src/shared/rules/code.ts';
import { CONVERSATION_ACTIONS, type ConversationAction } from '../../src/shared/webhook/conversation.ts';
import { CLOCK_TIME_PATTERN } from '../../src/shared/push/quiet-hours.ts';
import { ENDPOINT_MAX_LENGTH } from '../../src/shared/push/subscription.ts';
import { PUSH_ACTIONS, type PushAction } from '../../src/shared/webhook/push.ts';
import { REQUESTS_ACTIONS, type RequestsAction } from '../../src/shared/webhook/requests.ts';
import { ANNOUNCEMENTS_ACTIONS, type AnnouncementsAction } from '../../src/shared/webhook/announcements.ts';
import type { Action } from '../../src/shared/webhook/types.ts';

type WebhookAction = Action | ConversationAction | PushAction | RequestsAction | AnnouncementsAction;

const NOTE_MAX_LENGTH = 2000;
const FILE_NAME_SENT_MAX_LENGTH = 255;
/** Not blank: what `trim() !== ''` says (src/shared/rules/required.ts, message.ts), JavaScript's \s being trim's white space. */
const NOT_BLANK = '\\S';
const MB = 1024 * 1024;

/** One pattern that matches a whole text when any of the rules' anchored patterns does. */
function wholeOf(...rules: RegExp[]): string {
  const bodies = rules.map(({ source }) => {
    if (!source.startsWith('^') || !source.endsWith('$')) throw new Error(`/${source}/ must match a whole text`);
    return source.slice(1, -1);
  });
  return `^(${bodies.join('|')})$`;
}

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/$defs/${name}` });

const user: Schema = {
  description:
    'Who acts: the signed-in parent, or the visitor who filled the form. Both fields are trimmed by the client.',
  type: 'object',
  required: ['name', 'number'],
  additionalProperties: false,
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: NAME_MAX_LENGTH,
      pattern: NOT_BLANK,
      description: `1-${NAME_MAX_LENGTH} characters, not blank, no control characters (U+0000-U+001F, U+007F-U+009F).`,
      not: { pattern: ANY_CONTROL.source },
    },
    number: {
      description:
        'E.164 (a plus, a first digit 1-9, then 1 to 14 more digits) or a 10-digit Indian mobile number starting with 6, 7, 8 or 9.',
      type: 'string',
      pattern: wholeOf(E164, INDIAN_MOBILE),
      examples: ['9876543210', '+919876543210'],
    },
  },
};

const attachment: Schema = {
  type: 'object',
  required: ['filename', 'mimetype', 'content'],
  additionalProperties: false,
  properties: {
    filename: {
      type: 'string',
      minLength: 1,
      maxLength: FILE_NAME_SENT_MAX_LENGTH,
      description: `The file's name as the person's device gave it. The webhook keeps it only as a display name: the last path part, without control or bidi-override characters, at most ${FILE_NAME_MAX_LENGTH} characters.`,
    },
    mimetype: {
      description:
        "One of these types, spelled exactly as browsers report File.type: lower case, no parameters. The file's first bytes must match it (see docs/webhook-contract.md).",
      enum: ATTACHMENT_TYPES,
    },
    content: {
      description:
        "The file's bytes as standard base64 (RFC 4648 alphabet, with padding, no line breaks, no data: prefix); never empty (a 0-byte file is refused). The server decodes it and answers 400 if it does not decode exactly, or if its first bytes are not of the declared mimetype.",
      type: 'string',
      contentEncoding: 'base64',
      minLength: 1,
    },
  },
};

const chatPayload: Schema = {
  type: 'object',
  required: ['message', 'attachments'],
  additionalProperties: false,
  properties: {
    message: {
      description: `Trimmed by the client; not blank and at most ${MESSAGE_MAX_LENGTH} characters (UTF-16 code units, as JavaScript counts them). Line breaks are allowed; no other control characters.`,
      type: 'string',
      maxLength: MESSAGE_MAX_LENGTH,
      pattern: NOT_BLANK,
      not: { pattern: CONTROL_BESIDES_LINE_BREAKS.source },
    },
    attachments: {
      type: 'array',
      items: ref('attachment'),
      description: `At most ${ATTACHMENTS_MAX_COUNT} files, adding up to at most ${ATTACHMENTS_MAX_TOTAL_BYTES / MB} MB of bytes.`,
      maxItems: ATTACHMENTS_MAX_COUNT,
    },
  },
};

const daysPayload = (...days: string[]): Schema => ({
  type: 'object',
  required: days,
  additionalProperties: false,
  properties: Object.fromEntries(days.map((day) => [day, ref('day')])),
});

interface Branch {
  description: string;
  /** The payload's schema; `empty_payload` when the action carries none (then it may be left out). */
  payload: Schema | 'empty_payload';
  /** The optional free texts the action takes besides its payload. */
  texts: readonly ('note' | 'message' | 'preferred_times')[];
}

// `satisfies` makes an action added to the portal and not here fail to compile.
const BRANCHES = {
  know_schedule: {
    description: "A registered parent asks for the rest of this week's sessions.",
    payload: 'empty_payload',
    texts: [],
  },
  reschedule_single: {
    description: 'A registered parent asks to move a session to one day.',
    payload: daysPayload('date'),
    texts: ['note'],
  },
  reschedule_range: {
    description:
      'A registered parent asks to move sessions within a range of days; end_date is on or after start_date.',
    payload: daysPayload('start_date', 'end_date'),
    texts: ['note'],
  },
  chat_facilitator: {
    description:
      'A registered parent sends a message, with optional image, video or audio files, to their facilitator.',
    payload: chatPayload,
    texts: [],
  },
  book_consult: {
    description: 'A new visitor asks for a consultation.',
    payload: 'empty_payload',
    texts: ['message', 'preferred_times'],
  },
  schedule_call: {
    description: 'A new visitor asks to be called.',
    payload: 'empty_payload',
    texts: ['message', 'preferred_times'],
  },
} as const satisfies Record<Action, Branch>;

/** The portal's actions, in the order the contract lists them. */
export const ACTIONS = Object.keys(BRANCHES) as Action[];

function branch(action: Action, { description, payload, texts }: Branch): Schema {
  const hasPayload = payload !== 'empty_payload';
  return {
    title: action,
    description,
    type: 'object',
    required: ['action', 'user', ...(hasPayload ? ['payload'] : []), 'timestamp_ist', 'request_id'],
    additionalProperties: false,
    properties: {
      action: { const: action },
      user: ref('user'),
      payload: hasPayload ? payload : ref(payload),
      ...Object.fromEntries(texts.map((text) => [text, ref('note')])),
      timestamp_ist: ref('timestamp_ist'),
      request_id: ref('request_id'),
      language: ref('language'),
    },
  };
}

/** The cursor a chat_thread answer gives: opaque to the portal; the reference server's are decimal message ids. */
export const CURSOR_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

/**
 * The conversation actions: not stored requests, so no request_id
 * or timestamp_ist. request_code and verify_code name the parent; chat_thread
 * and revoke_token carry no user: the `Authorization: Bearer` token says who.
 */
const CONVERSATION_BRANCHES = {
  request_code: {
    title: 'request_code',
    description:
      'A registered parent asks for a 6-digit code, sent to their phone in their language. The name and number must be on the roster (404 otherwise).',
    type: 'object',
    required: ['action', 'user'],
    additionalProperties: false,
    properties: { action: { const: 'request_code' }, user: ref('user'), language: ref('language') },
  },
  verify_code: {
    title: 'verify_code',
    description: 'The parent trades the code for a bearer token. The answer holds the token; nothing else ever does.',
    type: 'object',
    required: ['action', 'user', 'payload'],
    additionalProperties: false,
    properties: {
      action: { const: 'verify_code' },
      user: ref('user'),
      payload: {
        type: 'object',
        required: ['code'],
        additionalProperties: false,
        properties: {
          code: { description: 'The 6 digits the parent received.', type: 'string', pattern: CODE_PATTERN.source },
        },
      },
      language: ref('language'),
    },
  },
  chat_thread: {
    title: 'chat_thread',
    description:
      "With `Authorization: Bearer <token>`: the messages of the parent's thread after `after` (from the start without it), oldest first.",
    type: 'object',
    required: ['action'],
    additionalProperties: false,
    properties: {
      action: { const: 'chat_thread' },
      payload: {
        type: 'object',
        additionalProperties: false,
        properties: {
          after: {
            description: 'The `cursor` of an earlier chat_thread answer, as it was given.',
            type: 'string',
            pattern: CURSOR_PATTERN,
          },
        },
      },
      language: ref('language'),
    },
  },
  revoke_token: {
    title: 'revoke_token',
    description: 'With `Authorization: Bearer <token>`: ends the token (logout).',
    type: 'object',
    required: ['action'],
    additionalProperties: false,
    properties: { action: { const: 'revoke_token' }, payload: ref('empty_payload'), language: ref('language') },
  },
  mark_read: {
    title: 'mark_read',
    description:
      "With `Authorization: Bearer <token>`: the parent's chat screen showed the thread up to `through`, at `read_at`. Sent through the outbox (so it names the parent and carries a request_id and timestamp_ist), only while the device's read_receipts setting is on; not stored as a request: a repeat changes nothing.",
    type: 'object',
    required: ['action', 'user', 'payload', 'request_id', 'timestamp_ist'],
    additionalProperties: false,
    properties: {
      action: { const: 'mark_read' },
      user: ref('user'),
      payload: {
        type: 'object',
        required: ['through', 'read_at'],
        additionalProperties: false,
        properties: {
          through: {
            description: 'The id of the newest message the screen showed.',
            type: 'string',
            pattern: '^[1-9][0-9]{0,14}$',
          },
          read_at: { description: 'When the screen showed it (ISO 8601).', type: 'string', format: 'date-time' },
        },
      },
      request_id: ref('request_id'),
      timestamp_ist: ref('timestamp_ist'),
      language: ref('language'),
    },
  },
} as const satisfies Record<ConversationAction, Schema>;

const clockTime = (what: string): Schema => ({
  description: `${what}, a 24-hour "HH:mm" time in Asia/Kolkata.`,
  type: 'string',
  pattern: CLOCK_TIME_PATTERN,
});

const notificationSettings: Schema = {
  description:
    'Any of the device’s notification settings; those left out keep their value. Quiet hours run from quiet_start up to quiet_end, past midnight when quiet_end is earlier; equal times mean none.',
  type: 'object',
  additionalProperties: false,
  properties: {
    replies: { description: 'Notify when staff reply.', type: 'boolean' },
    reminders: { description: 'Remind of each session at 18:00 the day before and an hour before.', type: 'boolean' },
    request_updates: { description: 'Notify when a request’s outcome changes.', type: 'boolean' },
    announcements: {
      description: 'Notify of what the programme says to many parents (announcements and session changes).',
      type: 'boolean',
    },
    show_text: { description: 'Put a reply’s text in its notification (off by default).', type: 'boolean' },
    read_receipts: {
      description: 'Tell the programme when this phone’s chat screen showed its replies (mark_read; on by default).',
      type: 'boolean',
    },
    text_fallback: {
      description:
        'Text the parent when a reply, an outcome or an update is not seen in 30 minutes and no phone was pushed it (on by default).',
      type: 'boolean',
    },
    quiet_start: clockTime('When the quiet hours start'),
    quiet_end: clockTime('When the quiet hours end'),
  },
};

/**
 * The push actions: like chat_thread, no user (the bearer token says who)
 * and not stored as requests. What makes a subscription usable beyond its
 * shape (an https endpoint, the keys' lengths) is checked by the handler,
 * which answers 400 with a reason.
 */
const PUSH_BRANCHES = {
  push_settings: {
    title: 'push_settings',
    description:
      'With `Authorization: Bearer <token>`: the device’s notification settings and the VAPID public key to subscribe with; with `settings`, changes those first.',
    type: 'object',
    required: ['action'],
    additionalProperties: false,
    properties: {
      action: { const: 'push_settings' },
      payload: {
        type: 'object',
        additionalProperties: false,
        properties: { settings: ref('notification_settings') },
      },
      language: ref('language'),
    },
  },
  push_subscribe: {
    title: 'push_subscribe',
    description:
      'With `Authorization: Bearer <token>`: keeps the browser’s push subscription for this device (replacing its earlier one); its notifications are written in `language`.',
    type: 'object',
    required: ['action', 'payload'],
    additionalProperties: false,
    properties: {
      action: { const: 'push_subscribe' },
      payload: {
        type: 'object',
        required: ['subscription'],
        additionalProperties: false,
        properties: {
          subscription: {
            description: 'PushSubscription.toJSON() as the browser gives it.',
            type: 'object',
            required: ['endpoint', 'keys'],
            additionalProperties: false,
            properties: {
              endpoint: {
                description: 'The push service’s https URL for this subscription.',
                type: 'string',
                minLength: 1,
                maxLength: ENDPOINT_MAX_LENGTH,
              },
              expirationTime: { anyOf: [{ type: 'number' }, { type: 'null' }] },
              keys: {
                type: 'object',
                required: ['p256dh', 'auth'],
                additionalProperties: false,
                properties: {
                  p256dh: {
                    description: 'The browser’s P-256 public key, 65 bytes, base64url.',
                    type: 'string',
                    maxLength: 100,
                  },
                  auth: { description: 'The auth secret, 16 bytes, base64url.', type: 'string', maxLength: 100 },
                },
              },
            },
          },
          settings: ref('notification_settings'),
        },
      },
      language: ref('language'),
    },
  },
  push_unsubscribe: {
    title: 'push_unsubscribe',
    description: 'With `Authorization: Bearer <token>`: forgets this device’s push subscription.',
    type: 'object',
    required: ['action'],
    additionalProperties: false,
    properties: { action: { const: 'push_unsubscribe' }, payload: ref('empty_payload'), language: ref('language') },
  },
} as const satisfies Record<PushAction, Schema>;

/**
 * The request-outcome actions: list_requests is asked like know_schedule
 * (name and number, nothing stored); accept_offer is stored like the spec's
 * six, with request_id and timestamp_ist, so a repeat is a replay.
 */
const REQUESTS_BRANCHES = {
  list_requests: {
    title: 'list_requests',
    description:
      "A registered parent's reschedule requests, newest first, each with what became of it. Nothing is stored.",
    type: 'object',
    required: ['action', 'user'],
    additionalProperties: false,
    properties: { action: { const: 'list_requests' }, user: ref('user'), language: ref('language') },
  },
  accept_offer: {
    title: 'accept_offer',
    description:
      "The parent accepts the time staff offered for one of their reschedule requests. 404 when the request is not this parent's; 409 when the offer was changed or withdrawn.",
    type: 'object',
    required: ['action', 'user', 'payload', 'timestamp_ist', 'request_id'],
    additionalProperties: false,
    properties: {
      action: { const: 'accept_offer' },
      user: ref('user'),
      payload: {
        type: 'object',
        required: ['request_id', 'offer_id'],
        additionalProperties: false,
        properties: {
          request_id: {
            description: 'The request_id of the reschedule request the offer answers (list_requests gives it).',
            $ref: '#/$defs/request_id',
          },
          offer_id: {
            description: 'The offer_id of the offer, as list_requests gave it.',
            type: 'string',
            pattern: '^[A-Za-z0-9_-]{1,64}$',
          },
        },
      },
      timestamp_ist: ref('timestamp_ist'),
      request_id: ref('request_id'),
      language: ref('language'),
    },
  },
} as const satisfies Record<RequestsAction, Schema>;

/**
 * The announcement actions: list_announcements is asked like know_schedule
 * (name and number, nothing stored); mark_announcement_seen is stored like
 * accept_offer, so a repeat is a replay.
 */
const ANNOUNCEMENTS_BRANCHES = {
  list_announcements: {
    title: 'list_announcements',
    description:
      "A registered parent's announcements and session changes, newest first, in their language where written in it. Nothing is stored.",
    type: 'object',
    required: ['action', 'user'],
    additionalProperties: false,
    properties: { action: { const: 'list_announcements' }, user: ref('user'), language: ref('language') },
  },
  mark_announcement_seen: {
    title: 'mark_announcement_seen',
    description:
      'The parent opened an announcement: the first time is kept. 404 when it is not addressed to this parent, or withdrawn.',
    type: 'object',
    required: ['action', 'user', 'payload', 'timestamp_ist', 'request_id'],
    additionalProperties: false,
    properties: {
      action: { const: 'mark_announcement_seen' },
      user: ref('user'),
      payload: {
        type: 'object',
        required: ['announcement_id'],
        additionalProperties: false,
        properties: {
          announcement_id: {
            description: 'The announcement_id, as list_announcements gave it.',
            type: 'string',
            pattern: '^[A-Za-z0-9_-]{1,64}$',
          },
        },
      },
      timestamp_ist: ref('timestamp_ist'),
      request_id: ref('request_id'),
      language: ref('language'),
    },
  },
} as const satisfies Record<AnnouncementsAction, Schema>;

/** Every action the webhook takes: the spec's six, the conversation's, the push actions, the request outcomes'. */
export const ALL_ACTIONS: readonly WebhookAction[] = [
  ...ACTIONS,
  ...CONVERSATION_ACTIONS,
  ...PUSH_ACTIONS,
  ...REQUESTS_ACTIONS,
  ...ANNOUNCEMENTS_ACTIONS,
];

/** The request schema for these actions (the n8n workflow takes the spec's six until it has the conversation's). */
export function requestSchemaFor(actions: readonly WebhookAction[]): Schema {
  const conversation = actions.filter((action): action is ConversationAction =>
    (CONVERSATION_ACTIONS as readonly string[]).includes(action),
  );
  const push = actions.filter((action): action is PushAction => (PUSH_ACTIONS as readonly string[]).includes(action));
  const requests = actions.filter((action): action is RequestsAction =>
    (REQUESTS_ACTIONS as readonly string[]).includes(action),
  );
  const announcements = actions.filter((action): action is AnnouncementsAction =>
    (ANNOUNCEMENTS_ACTIONS as readonly string[]).includes(action),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'urn:thrive-portal:webhook:request',
    title: 'Thrive webhook request',
    description:
      'The one JSON body the portal POSTs to the automation webhook for every action. The `action` field says which branch applies: the six spec actions, the four conversation actions the three push actions, the two request-outcome actions and the two announcement actions. Unknown fields are rejected. See docs/webhook-contract.md.',
    type: 'object',
    required: ['action'],
    properties: {
      action: { description: 'Which action this is; it selects the branch below.', type: 'string', enum: actions },
    },
    discriminator: { propertyName: 'action' },
    oneOf: actions.map(ref),
    $defs: {
      user,
      timestamp_ist: {
        description: 'When the person acted: ISO 8601 with milliseconds and the Asia/Kolkata offset.',
        type: 'string',
        format: 'date-time',
        examples: ['2026-11-23T07:21:45.120+05:30'],
      },
      request_id: {
        description:
          'A UUID (a v4 UUID from the portal) made once per action and kept on every retry of it: the key for idempotency. Letter case does not matter (an upper-case copy is the same id); the nil UUID is refused.',
        type: 'string',
        pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
        not: { pattern: '^0{8}-0{4}-0{4}-0{4}-0{12}$' },
      },
      language: {
        description:
          'Optional: the language the person uses the portal in, and so of every text in the answer. Absent means English.',
        enum: LOCALES,
      },
      day: {
        description: 'A calendar day as YYYY-MM-DD, read in Asia/Kolkata; today or later.',
        type: 'string',
        format: 'date',
        examples: ['2026-11-25'],
      },
      note: {
        description:
          'Optional free text, trimmed; left out when empty. Line breaks are allowed; no other control characters.',
        type: 'string',
        minLength: 1,
        maxLength: NOTE_MAX_LENGTH,
        not: { pattern: CONTROL_BESIDES_LINE_BREAKS.source },
      },
      empty_payload: {
        description: 'These actions carry no payload content; the client sends {} and it may be left out.',
        type: 'object',
        maxProperties: 0,
      },
      attachment,
      ...(push.length > 0 ? { notification_settings: notificationSettings } : {}),
      ...Object.fromEntries(ACTIONS.map((action) => [action, branch(action, BRANCHES[action])])),
      ...Object.fromEntries(conversation.map((action) => [action, CONVERSATION_BRANCHES[action]])),
      ...Object.fromEntries(push.map((action) => [action, PUSH_BRANCHES[action]])),
      ...Object.fromEntries(requests.map((action) => [action, REQUESTS_BRANCHES[action]])),
      ...Object.fromEntries(announcements.map((action) => [action, ANNOUNCEMENTS_BRANCHES[action]])),
    },
  };
}

export const requestSchema: Schema = requestSchemaFor(ALL_ACTIONS);

/** The spec's six actions only. */
export const specRequestSchema: Schema = requestSchemaFor(ACTIONS);
