/**
 * The recording endpoint that stands in for Slack in the tests
 * (THRIVE_CHAT_RELAY_URL): it keeps every message and every file exactly as
 * it arrived, answers 200, and answers 404 to anything else, which it keeps
 * too so a test can fail on it. GET /recorded gives a summary to another
 * process (the browser journey).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RelayedMessage {
  request_id: string;
  channel: string;
  text: string;
}

export interface RelayedFile {
  requestId: string;
  channel: string;
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface RelaySummary {
  messages: RelayedMessage[];
  files: (Omit<RelayedFile, 'bytes'> & { size: number; sha256: string })[];
  unexpected: string[];
}

export interface ChatRelay {
  url: string;
  messages: RelayedMessage[];
  files: RelayedFile[];
  unexpected: string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const header = (request: IncomingMessage, name: string) => String(request.headers[name] ?? '');

export async function startChatRelay(): Promise<ChatRelay> {
  const relay = { messages: [] as RelayedMessage[], files: [] as RelayedFile[], unexpected: [] as string[] };
  const summary = (): RelaySummary => ({
    messages: relay.messages,
    files: relay.files.map(({ bytes, ...file }) => ({
      ...file,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    })),
    unexpected: relay.unexpected,
  });
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const route = `${request.method} ${request.url?.split('?')[0]}`;
      if (route === 'POST /chat/messages') {
        relay.messages.push(JSON.parse(body.toString('utf8')) as RelayedMessage);
      } else if (route === 'POST /chat/files') {
        relay.files.push({
          requestId: header(request, 'x-thrive-request-id'),
          channel: header(request, 'x-thrive-channel'),
          filename: decodeURIComponent(header(request, 'x-thrive-file-name')),
          mimetype: header(request, 'content-type'),
          bytes: body,
        });
      } else if (route === 'GET /recorded') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(summary()));
        return;
      } else {
        relay.unexpected.push(route);
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/chat`,
    ...relay,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
