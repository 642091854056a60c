import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeNodeJs } from '../../../../n8n/source/toolkit/code-node.ts';
import { announcementPath } from '../../../../src/config/paths.ts';
import { PROGRAMME_TEAM_CHANNEL } from '../../../../server/webhook/handlers.ts';
import { MESSAGE_MAX_LENGTH } from '../../../../src/shared/rules/message.ts';
import { nameKey } from '../../../../src/shared/rules/phone.ts';
import { runCodeNode } from '../support/code-sandbox.ts';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(join(tmpdir(), 'thrive-code-node-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Code node script in a folder of its own, importing by absolute path. */
function script(name: string, lines: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${lines.join('\n').replaceAll('<repo>', REPO_ROOT)}\n`);
  return file;
}

describe('a Code node made from its script', () => {
  it('runs the functions it imports from src/shared bundled in front of it, and has the constants it imports', async () => {
    const file = script('take.js', [
      '// Take: what the node does.',
      "import { nameKey } from '<repo>/src/shared/rules/phone.ts';",
      "import { MESSAGE_MAX_LENGTH } from '<repo>/src/shared/rules/message.ts';",
      "import { PROGRAMME_TEAM_CHANNEL } from '<repo>/server/webhook/handlers.ts';",
      '',
      'return { json: { key: nameKey($json.name), most: MESSAGE_MAX_LENGTH, channel: PROGRAMME_TEAM_CHANNEL } };',
    ]);
    const code = await codeNodeJs(file);
    expect(code.split('\n')[0]).toBe('// Take: what the node does.');
    expect(code).toContain('// src/shared/rules/phone.ts\nfunction nameKey(raw) {');
    expect(await runCodeNode(code, { $json: { name: '  Asha   VERMA ' } })).toEqual({
      json: { key: nameKey('Asha Verma'), most: MESSAGE_MAX_LENGTH, channel: PROGRAMME_TEAM_CHANNEL },
    });
  });

  it("runs a function of its workflow's own TypeScript module bundled in front of it, with what it uses", async () => {
    const file = script('own.js', [
      '// Own: a function of n8n/source/portal.',
      "import { storedRequest } from '<repo>/n8n/source/portal/intake.ts';",
      '',
      'return { json: { text: storedRequest($json, []).canonical } };',
    ]);
    const code = await codeNodeJs(file);
    expect(code).toContain('// n8n/source/portal/intake.ts\nfunction storedRequest(body, read) {');
    const request = { user: { number: '+919876543210', name: 'Asha' }, action: 'know_schedule', note: undefined };
    expect(await runCodeNode(code, { $json: request })).toEqual({
      json: { text: '{"action":"know_schedule","payload":{},"user":{"name":"Asha","number":"+919876543210"}}' },
    });
  });

  it("runs a function of the portal's route table bundled in front of it, with the table it reads", async () => {
    const file = script('routes.js', [
      '// Routes: an address of the route table.',
      "import { announcementPath } from '<repo>/src/config/paths.ts';",
      '',
      'return { json: { path: announcementPath($json.id) } };',
    ]);
    const code = await codeNodeJs(file);
    expect(code).toContain('// src/config/paths.ts\n');
    // The task runner has no URLSearchParams of its own: a script takes the `url` built-in's.
    const URLSearchParams = globalThis.URLSearchParams;
    expect(await runCodeNode(code, { $json: { id: 'a1b2' }, URLSearchParams })).toEqual({
      json: { path: announcementPath('a1b2') },
    });
  });

  it('reads an import Prettier wrapped, a name a line', async () => {
    const file = script('wrapped.js', [
      '// Wrapped: a long import.',
      'import {',
      '  nameKey,',
      '  phoneKey,',
      "} from '<repo>/src/shared/rules/phone.ts';",
      '',
      'return { json: { key: nameKey($json.name), same: phoneKey === undefined } };',
    ]);
    expect(await runCodeNode(await codeNodeJs(file), { $json: { name: 'Asha VERMA' } })).toEqual({
      json: { key: nameKey('Asha Verma'), same: false },
    });
  });

  it('is the script itself when it imports nothing', async () => {
    const file = script('plain.js', ['// Plain: nothing imported.', 'return { json: $json };']);
    expect(await codeNodeJs(file)).toBe('// Plain: nothing imported.\nreturn { json: $json };\n');
  });

  it.each([
    [
      'a name its module does not export',
      "import { noSuchRule } from '<repo>/src/shared/rules/phone.ts';",
      '',
      /exports no/,
    ],
    [
      'a function from outside src/shared',
      "import { answerText } from '<repo>/server/contract/texts.ts';",
      '',
      /not data/,
    ],
    [
      'a function of the toolkit, which is no workflow module',
      "import { switchLinks } from '<repo>/n8n/source/toolkit/links.ts';",
      '',
      /not data/,
    ],
    [
      'a name its body declares again',
      "import { nameKey } from '<repo>/src/shared/rules/phone.ts';",
      'const nameKey = 1;',
      /compile/,
    ],
  ])('is refused for %s', async (_case, line, declared, problem) => {
    const file = script('refused.js', ['// Refused.', line, '', declared, 'return { json: {} };']);
    await expect(codeNodeJs(file)).rejects.toThrow(problem);
  });
});
