/**
 * A local Slack Web API for the tests (THRIVE_SLACK_API_URL): the methods the workflow calls, checked as Slack
 * checks them (the bot token in the Authorization header, the fields each method requires, the uploaded bytes
 * against the length announced), and kept as a facilitator would see them: each message with its ts, each file
 * shared in its thread. Messages carry their metadata, which conversations.history returns with
 * include_all_metadata (newest first, from `oldest`, `limit` a page, `cursor` the next); files.info tells where a
 * file is shared (`shares`). `failNext(method, times)` makes the next calls of a method fail, as Slack may; `onPost` and
 * `holdUploads` let a test act at a chosen moment (kill a worker between Slack's taking a post and its answer, or
 * while a file's bytes are on their way). Anything else is answered 404 and kept, so a test can fail on it.
 * Each message keeps its Block Kit blocks and is updated by chat.update; views.open opens a form with a trigger_id
 * Slack gave, within Block Kit's limits (slack-views.ts), which views.update changes when given its current hash;
 * reactions.add keeps the bot's reaction on a message once (again: already_reacted), as Slack does; chat.postEphemeral
 * keeps what one person was shown in a channel, apart from its messages. GET /recorded gives a summary to another
 * process. slack-interactions.ts clicks the messages' buttons and submits the forms, as Slack's interactivity does.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { viewProblems, type ModalView } from './slack-views.ts';

export const SLACK_TOKEN = 'xoxb-thrive-test-token';

export interface SlackMessage {
  channel: string;
  channelId: string;
  text: string;
  ts: string;
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
  /** Block Kit, as sent (chat.postMessage or chat.update); absent for a message of text only. */
  blocks?: { type: string; block_id?: string; elements?: { action_id?: string; value?: string }[] }[];
  /** How many times chat.update changed it. */
  updates: number;
}

/** A form opened with views.open: the trigger it answers, and the view as sent, or as views.update last made it. */
export interface SlackView {
  id: string;
  triggerId: string;
  view: ModalView & { private_metadata?: string };
  /** Slack's hash of the view's state: views.update given another is refused (hash_conflict). */
  hash: string;
  /** How many times views.update changed it. */
  updates: number;
}

export interface SlackFile {
  id: string;
  title: string;
  channelId: string;
  threadTs: string;
  /** The ts of the thread's message that shares it. */
  ts: string;
  bytes: Buffer;
}

/** A reaction the bot added: to the message with this ts in the channel of this id. */
export interface SlackReaction {
  channel: string;
  timestamp: string;
  name: string;
}

/** A message chat.postEphemeral showed one person in a channel, and no one else: not among the channel's messages. */
export interface SlackEphemeral {
  channel: string;
  user: string;
  text: string;
}

export interface SlackSummary {
  messages: SlackMessage[];
  files: (Omit<SlackFile, 'bytes'> & { size: number; sha256: string })[];
  problems: string[];
}

export interface FakeSlack {
  url: string;
  messages: SlackMessage[];
  files: SlackFile[];
  views: SlackView[];
  reactions: SlackReaction[];
  ephemeral: SlackEphemeral[];
  /** trigger_ids Slack gave with a click, each usable once (interactions give them). */
  triggers: Set<string>;
  /** Requests Slack would have refused, or that nothing answers: each a sentence. */
  problems: string[];
  /** How many times each Web API method was called. */
  calls: Map<string, number>;
  failNext(
    method:
      | 'chat.postMessage'
      | 'files.getUploadURLExternal'
      | 'upload'
      | 'files.completeUploadExternal'
      | 'reactions.add',
    times?: number,
  ): void;
  /**
   * Called with each message Slack has taken, how many it has, and the port the post came from (its sender's
   * end of the connection), before it answers the post: awaited.
   */
  onPost?: (message: SlackMessage, count: number, senderPort: number) => Promise<void> | void;
  /** The same for each file Slack has shared in a thread (files.completeUploadExternal), before it answers. */
  onShare?: (file: SlackFile, senderPort: number) => Promise<void> | void;
  /**
   * From now on, uploads are held: their bytes arrive and are not answered until `release` is called; `held`
   * resolves at the first such upload, with the port it came from. An upload whose sender is gone by then is
   * never completed.
   */
  holdUploads(): { held: Promise<number>; release(): void };
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A form field of Block Kit: undefined when absent, null when it is not a JSON array. */
function parsed(text: string | null): SlackMessage['blocks'] | null | undefined {
  if (text === null || text === '') return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as SlackMessage['blocks']) : null;
  } catch {
    return null;
  }
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const messages: SlackMessage[] = [];
  const files: SlackFile[] = [];
  const views: SlackView[] = [];
  const reactions: SlackReaction[] = [];
  const ephemeral: SlackEphemeral[] = [];
  const triggers = new Set<string>();
  const problems: string[] = [];
  /** How many of the next calls of each method fail. */
  const failing = new Map<string, number>();
  const failsNow = (method: string) => {
    const left = failing.get(method) ?? 0;
    if (left > 0) failing.set(method, left - 1);
    return left > 0;
  };
  const uploads = new Map<string, { title: string; length: number; bytes?: Buffer }>();
  const channelIds = new Map<string, string>();
  const channelId = (name: string) => {
    if (!channelIds.has(name)) channelIds.set(name, `C${String(channelIds.size + 1).padStart(8, '0')}`);
    return channelIds.get(name) ?? '';
  };
  // Slack's ts: seconds since the epoch with six digits after the point, unique in a channel, rising.
  let lastTs = 0;
  const nextTs = () => {
    lastTs = Math.max(lastTs + 1, Date.now() * 1000);
    return `${Math.floor(lastTs / 1e6)}.${String(lastTs % 1e6).padStart(6, '0')}`;
  };
  let base = '';
  let hold: { heldNow: (port: number) => void; released: Promise<void> } | undefined;
  const fake: FakeSlack = {
    url: '',
    messages,
    files,
    views,
    reactions,
    ephemeral,
    triggers,
    problems,
    calls: new Map(),
    failNext: (name, times = 1) => void failing.set(name, times),
    holdUploads() {
      let heldNow = (_port: number) => {};
      let release = () => {};
      const held = new Promise<number>((done) => (heldNow = done));
      const released = new Promise<void>((done) => (release = done));
      hold = { heldNow, released };
      return { held, release: () => ((hold = undefined), release()) };
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };

  type Answer = { status: number; body: unknown };
  const refuse = (problem: string, error: string): Answer => {
    problems.push(problem);
    return { status: 200, body: { ok: false, error } };
  };

  async function method(name: string, form: URLSearchParams, senderPort: number): Promise<Answer> {
    const missing = (fields: string[]) => fields.filter((field) => !form.get(field));
    switch (name) {
      case 'chat.postMessage': {
        if (missing(['channel', 'text']).length)
          return refuse(`${name} without ${missing(['channel', 'text'])}`, 'invalid_arguments');
        const metadata = form.get('metadata');
        const blocks = parsed(form.get('blocks'));
        if (blocks === null) return refuse(`${name}: blocks are not a JSON array`, 'invalid_blocks');
        const message: SlackMessage = {
          channel: form.get('channel') ?? '',
          channelId: channelId(form.get('channel') ?? ''),
          text: form.get('text') ?? '',
          ts: nextTs(),
          ...(metadata && { metadata: JSON.parse(metadata) as SlackMessage['metadata'] }),
          ...(blocks && { blocks }),
          updates: 0,
        };
        messages.push(message);
        await fake.onPost?.(message, messages.length, senderPort);
        return { status: 200, body: { ok: true, channel: message.channelId, ts: message.ts } };
      }
      case 'chat.postEphemeral': {
        const lacking = missing(['channel', 'user', 'text']);
        if (lacking.length) return refuse(`${name} without ${lacking}`, 'invalid_arguments');
        ephemeral.push({
          channel: form.get('channel') ?? '',
          user: form.get('user') ?? '',
          text: form.get('text') ?? '',
        });
        return { status: 200, body: { ok: true, message_ts: nextTs() } };
      }
      case 'conversations.history': {
        // Slack takes a channel's id here, not its name.
        const channel = form.get('channel') ?? '';
        if (![...channelIds.values()].includes(channel))
          return refuse(`${name}: no channel ${channel}`, 'channel_not_found');
        const limit = Math.min(Number(form.get('limit') || 100), 999);
        const oldest = Number(form.get('oldest') || 0);
        const withMetadata = form.get('include_all_metadata') === 'true';
        const newestFirst = messages.filter((m) => m.channelId === channel && Number(m.ts) > oldest).reverse();
        const start = Number(form.get('cursor') ? Buffer.from(form.get('cursor') ?? '', 'base64').toString() : 0);
        const page = newestFirst.slice(start, start + limit);
        const hasMore = start + limit < newestFirst.length;
        return {
          status: 200,
          body: {
            ok: true,
            messages: page.map((m) => ({
              type: 'message',
              text: m.text,
              ts: m.ts,
              ...(withMetadata && m.metadata && { metadata: m.metadata }),
            })),
            has_more: hasMore,
            response_metadata: { next_cursor: hasMore ? Buffer.from(String(start + limit)).toString('base64') : '' },
          },
        };
      }
      case 'files.info': {
        const id = form.get('file') ?? '';
        const shares = files.filter((f) => f.id === id);
        const upload = uploads.get(id);
        if (!upload?.bytes) return { status: 200, body: { ok: false, error: 'file_not_found' } };
        // Slack's shares: { public: { [channel id]: [{ ts, thread_ts }, …] } } (every channel here is public).
        const byChannel: Record<string, { ts: string; thread_ts: string }[]> = {};
        for (const f of shares) (byChannel[f.channelId] ??= []).push({ ts: f.ts, thread_ts: f.threadTs });
        return {
          status: 200,
          body: {
            ok: true,
            file: {
              id,
              name: upload.title,
              title: shares[0]?.title ?? upload.title,
              size: upload.bytes.length,
              shares: shares.length ? { public: byChannel } : {},
            },
          },
        };
      }
      case 'chat.update': {
        const message = messages.find((m) => m.channelId === form.get('channel') && m.ts === form.get('ts'));
        if (!message)
          return refuse(`${name}: no message ${form.get('ts')} in ${form.get('channel')}`, 'message_not_found');
        const blocks = parsed(form.get('blocks'));
        if (blocks === null) return refuse(`${name}: blocks are not a JSON array`, 'invalid_blocks');
        // Slack keeps a message's blocks when chat.update sends none.
        Object.assign(message, { text: form.get('text') ?? message.text, ...(blocks && { blocks }) });
        message.updates += 1;
        return { status: 200, body: { ok: true, channel: message.channelId, ts: message.ts } };
      }
      case 'views.open': {
        const triggerId = form.get('trigger_id') ?? '';
        if (!triggers.delete(triggerId))
          return refuse(`${name}: trigger_id ${triggerId} unknown or used`, 'invalid_trigger');
        const view = JSON.parse(form.get('view') ?? 'null') as SlackView['view'] | null;
        if (!view?.callback_id) return refuse(`${name}: a view without callback_id`, 'invalid_arguments');
        const wrong = viewProblems(view);
        if (wrong.length > 0) return refuse(`${name}: ${wrong.join('; ')}`, 'invalid_arguments');
        const id = `V${String(views.length + 1).padStart(8, '0')}`;
        const opened = { id, triggerId, view, hash: `${id}.0`, updates: 0 };
        views.push(opened);
        return { status: 200, body: { ok: true, view: { id, hash: opened.hash, ...view } } };
      }
      case 'views.update': {
        const opened = views.find((v) => v.id === form.get('view_id'));
        if (!opened) return refuse(`${name}: no view ${form.get('view_id')}`, 'not_found');
        const hash = form.get('hash');
        if (hash && hash !== opened.hash) return refuse(`${name}: hash ${hash}, not ${opened.hash}`, 'hash_conflict');
        const view = JSON.parse(form.get('view') ?? 'null') as SlackView['view'] | null;
        if (!view?.callback_id) return refuse(`${name}: a view without callback_id`, 'invalid_arguments');
        const wrong = viewProblems(view);
        if (wrong.length > 0) return refuse(`${name}: ${wrong.join('; ')}`, 'invalid_arguments');
        opened.updates += 1;
        Object.assign(opened, { view, hash: `${opened.id}.${opened.updates}` });
        return { status: 200, body: { ok: true, view: { id: opened.id, hash: opened.hash, ...view } } };
      }
      case 'reactions.add': {
        const lacking = missing(['channel', 'timestamp', 'name']);
        if (lacking.length) return refuse(`${name} without ${lacking}`, 'invalid_arguments');
        const reaction = {
          channel: form.get('channel') ?? '',
          timestamp: form.get('timestamp') ?? '',
          name: form.get('name') ?? '',
        };
        if (!/^C\w+$/.test(reaction.channel))
          return refuse(`${name}: channel ${reaction.channel} is not a channel id`, 'channel_not_found');
        const same = (r: SlackReaction) => JSON.stringify(r) === JSON.stringify(reaction);
        if (reactions.some(same)) return { status: 200, body: { ok: false, error: 'already_reacted' } };
        reactions.push(reaction);
        return { status: 200, body: { ok: true } };
      }
      case 'files.getUploadURLExternal': {
        const length = Number(form.get('length'));
        if (!form.get('filename') || !Number.isInteger(length) || length <= 0)
          return refuse(`${name}: filename and length are required`, 'invalid_arguments');
        const id = `F${String(uploads.size + 1).padStart(8, '0')}`;
        uploads.set(id, { title: form.get('filename') ?? '', length });
        return { status: 200, body: { ok: true, upload_url: `${base}/upload/${id}`, file_id: id } };
      }
      case 'files.completeUploadExternal': {
        const shared = JSON.parse(form.get('files') ?? '[]') as { id: string; title?: string }[];
        const threadTs = form.get('thread_ts') ?? '';
        const channel = form.get('channel_id') ?? '';
        if (!/^C\d+$/.test(channel))
          return refuse(`${name}: channel_id ${channel} is not a channel id`, 'invalid_channel');
        if (!messages.some((m) => m.channelId === channel && m.ts === threadTs))
          return refuse(`${name}: no message ${threadTs} in ${channel}`, 'invalid_thread_ts');
        for (const { id, title } of shared) {
          const upload = uploads.get(id);
          if (!upload?.bytes) return refuse(`${name}: file ${id} was not uploaded`, 'file_not_found');
          const file = {
            id,
            title: title ?? upload.title,
            channelId: channel,
            threadTs,
            ts: nextTs(),
            bytes: upload.bytes,
          };
          files.push(file);
          await fake.onShare?.(file, senderPort);
        }
        return { status: 200, body: { ok: true, files: shared.map(({ id, title }) => ({ id, title })) } };
      }
      default:
        return refuse(`unknown method ${name}`, 'unknown_method');
    }
  }

  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const path = request.url?.split('?')[0] ?? '';
      const send = ({ status, body: answer }: Answer) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (request.method === 'GET' && path === '/recorded') {
        return send({ status: 200, body: summary() });
      }
      const upload = /^\/upload\/(F\d+)$/.exec(path);
      if (request.method === 'POST' && upload) {
        const entry = uploads.get(upload[1] ?? '');
        if (failsNow('upload')) return response.writeHead(500).end('upload failed');
        if (!entry) return send(refuse(`an upload to ${path}, which Slack never gave`, 'not_found'));
        if (body.length !== entry.length)
          problems.push(`upload ${upload[1]}: ${body.length} bytes, ${entry.length} announced`);
        const uploaded = () => {
          entry.bytes = body;
          response.writeHead(200, { 'content-type': 'text/plain' }).end(`OK - ${body.length}`);
        };
        if (!hold) return uploaded();
        const { heldNow, released } = hold;
        let senderGone = false;
        request.socket.once('close', () => (senderGone = true));
        heldNow(request.socket.remotePort ?? 0);
        return void released.then(() => (senderGone ? undefined : uploaded()));
      }
      const api = /^\/api\/([\w.]+)$/.exec(path);
      if (request.method !== 'POST' || !api?.[1]) {
        problems.push(`${request.method} ${path}: nothing answers that`);
        return response.writeHead(404).end();
      }
      if (request.headers.authorization !== `Bearer ${SLACK_TOKEN}`)
        return send(refuse(`${api[1]} without the bot token`, 'not_authed'));
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return send(refuse(`${api[1]} sent as ${request.headers['content-type']}`, 'invalid_form_data'));
      }
      fake.calls.set(api[1], (fake.calls.get(api[1]) ?? 0) + 1);
      if (failsNow(api[1] ?? '')) return send({ status: 200, body: { ok: false, error: 'internal_error' } });
      return method(api[1], new URLSearchParams(body.toString('utf8')), request.socket.remotePort ?? 0).then(send);
    });
  });

  const summary = (): SlackSummary => ({
    messages,
    files: files.map(({ bytes, ...file }) => ({
      ...file,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })),
    problems,
  });

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  fake.url = `${base}/api`;
  return fake;
}
