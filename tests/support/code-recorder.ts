import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CodeMessage } from '../../server/conversation/code-sender.ts';

export interface CodeRecorder {
  /** For CODE_WEBHOOK_URL. */
  url: string;
  /** Every message the server posted, in order, with the headers it came with. */
  received: { body: CodeMessage; authorization: string | undefined }[];
  /** The next message for this phone (E.164): one already received and not yet taken, or the next to arrive. */
  nextCode(phone: string): Promise<CodeMessage>;
  /** The status the gateway answers with from now on (200 by default). */
  answerWith(status: number): void;
  /** Forgets what was received, and answers 200 again: for the next test. */
  reset(): void;
  close(): Promise<void>;
}

/** A stand-in for the SMS gateway at CODE_WEBHOOK_URL, on 127.0.0.1: it records what the server posts. */
export async function startCodeRecorder(): Promise<CodeRecorder> {
  const received: CodeRecorder['received'] = [];
  const taken = new Set<number>();
  const waiting: (() => void)[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as CodeMessage,
        authorization: req.headers.authorization,
      });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'queued' : 'gateway down');
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  const take = (phone: string) => {
    const index = received.findIndex((entry, i) => !taken.has(i) && entry.body.phone === phone);
    if (index === -1) return undefined;
    taken.add(index);
    return received[index]?.body;
  };
  return {
    url: `http://127.0.0.1:${port}/send-code`,
    received,
    async nextCode(phone) {
      for (;;) {
        const message = take(phone);
        if (message) return message;
        await new Promise<void>((wake) => waiting.push(wake));
      }
    },
    answerWith(next) {
      status = next;
    },
    reset() {
      received.length = 0;
      taken.clear();
      status = 200;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
