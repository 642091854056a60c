import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../n8n/harness/ports.ts';

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

describe("the n8n harness's free ports", () => {
  it('never hands out one port twice, though the OS offers closed ports again', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 500; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(500);
    expect(await listens(ports.at(-1) ?? 0)).toBe(true);
  });
});
