/**
 * A local Slack Web API for the tests (THRIVE_SLACK_API_URL): the methods the workflow calls, checked as Slack
 * checks them (the bot token in the Authorization header, the fields each method requires, the uploaded bytes
 * against the length announced), and kept as a facilitator would see them: each message with its ts, each file
 * shared in its thread, each message's Block Kit blocks, and as updated (chat.update), each form opened (views.open
 * with a trigger_id Slack gave). `failNext(method)` makes the next call of a method fail, as Slack may. Anything
 * else is answered 404 and kept, so a test can fail on it. GET /recorded gives a summary to another process.
 * slack-interactions.ts clicks the messages' buttons and submits the forms, as Slack's interactivity does.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SLACK_TOKEN = 'xoxb-thrive-test-token';

export interface SlackMessage {
  channel: string;
  channelId: string;
  text: string;
  ts: string;
  /** Block Kit, as sent (chat.postMessage or chat.update); absent for a message of text only. */
  blocks?: { type: string; block_id?: string; elements?: { action_id?: string; value?: string }[] }[];
  /** How many times chat.update changed it. */
  updates: number;
}

/** A form opened with views.open: the trigger it answers, and the view as sent. */
export interface SlackView {
  id: string;
  triggerId: string;
  view: { callback_id?: string; private_metadata?: string; blocks?: { block_id?: string; element?: unknown }[] };
}

export interface SlackFile {
  id: string;
  title: string;
  channelId: string;
  threadTs: string;
  bytes: Buffer;
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
  /** trigger_ids Slack gave with a click, each usable once (interactions give them). */
  triggers: Set<string>;
  /** Requests Slack would have refused, or that nothing answers: each a sentence. */
  problems: string[];
  failNext(method: 'chat.postMessage' | 'files.getUploadURLExternal' | 'upload' | 'files.completeUploadExternal'): void;
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
  const triggers = new Set<string>();
  const problems: string[] = [];
  const failing = new Set<string>();
  const uploads = new Map<string, { title: string; length: number; bytes?: Buffer }>();
  const channelIds = new Map<string, string>();
  const channelId = (name: string) => {
    if (!channelIds.has(name)) channelIds.set(name, `C${String(channelIds.size + 1).padStart(8, '0')}`);
    return channelIds.get(name) ?? '';
  };
  let clock = 1_700_000_000;
  let base = '';

  type Answer = { status: number; body: unknown };
  const refuse = (problem: string, error: string): Answer => {
    problems.push(problem);
    return { status: 200, body: { ok: false, error } };
  };

  function method(name: string, form: URLSearchParams): Answer {
    const missing = (fields: string[]) => fields.filter((field) => !form.get(field));
    switch (name) {
      case 'chat.postMessage': {
        if (missing(['channel', 'text']).length)
          return refuse(`${name} without ${missing(['channel', 'text'])}`, 'invalid_arguments');
        const blocks = parsed(form.get('blocks'));
        if (blocks === null) return refuse(`${name}: blocks are not a JSON array`, 'invalid_blocks');
        const message: SlackMessage = {
          channel: form.get('channel') ?? '',
          channelId: channelId(form.get('channel') ?? ''),
          text: form.get('text') ?? '',
          ts: `${clock++}.000100`,
          ...(blocks && { blocks }),
          updates: 0,
        };
        messages.push(message);
        return { status: 200, body: { ok: true, channel: message.channelId, ts: message.ts } };
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
        const opened = { id: `V${String(views.length + 1).padStart(8, '0')}`, triggerId, view };
        views.push(opened);
        return { status: 200, body: { ok: true, view: { id: opened.id, ...view } } };
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
          files.push({ id, title: title ?? upload.title, channelId: channel, threadTs, bytes: upload.bytes });
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
        if (failing.delete('upload')) return response.writeHead(500).end('upload failed');
        if (!entry) return send(refuse(`an upload to ${path}, which Slack never gave`, 'not_found'));
        if (body.length !== entry.length)
          problems.push(`upload ${upload[1]}: ${body.length} bytes, ${entry.length} announced`);
        entry.bytes = body;
        return response.writeHead(200, { 'content-type': 'text/plain' }).end(`OK - ${body.length}`);
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
      if (failing.delete(api[1])) return send({ status: 200, body: { ok: false, error: 'internal_error' } });
      return send(method(api[1], new URLSearchParams(body.toString('utf8'))));
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
  return {
    url: `${base}/api`,
    messages,
    files,
    views,
    triggers,
    problems,
    failNext: (name) => void failing.add(name),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
