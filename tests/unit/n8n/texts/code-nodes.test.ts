import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { WORKFLOWS } from '../../../../n8n/source/toolkit/ids.ts';
import { announcementPath, paths } from '../../../../src/config/paths.ts';
import { textDecision, type NoticeKind } from '../../../../src/shared/push/text-fallback.ts';
import { fillTemplate, textId } from '../../../../src/shared/push/text-templates.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../../src/shared/webhook/push.ts';
import { runCodeNode } from '../support/code-sandbox.ts';
import { committed, nodeNamed } from '../support/workflow.ts';

const texts = committed(WORKFLOWS.texts.path);
/** n8n's task runner with NODE_FUNCTION_ALLOW_BUILTIN=crypto,url. */
const allowed = createRequire(import.meta.url);
const require = (name: string) => {
  if (name !== 'crypto' && name !== 'url') throw new Error(`Module '${name}' is disallowed`);
  return allowed(name) as unknown;
};

const at = (time: string) => new Date(`2026-11-25T${time}:00+05:30`);
const notice = (changes: Record<string, unknown> = {}) => ({
  id: '7',
  number_key: '+919876543210',
  kind: 'reply',
  announcement_id: null,
  author: 'Ms. Rao',
  urgent: false,
  created_at: at('12:00').toISOString(),
  state: 'waiting',
  attempts: 0,
  pushed: false,
  settings: DEFAULT_NOTIFICATION_SETTINGS,
  language: 'hi',
  texted_today: 0,
  wait_seconds: 1800,
  ...changes,
});

async function decide(json: Record<string, unknown>, now: Date, $env: object = { THRIVE_PORTAL_HOST: 'p.example' }) {
  const $ = (node: string) => ({ first: () => ({ json: node === 'Clock' ? { now: now.toISOString() } : {} }) });
  const code = String(nodeNamed('Decide', texts).parameters.jsCode);
  return ((await runCodeNode(code, { $json: json, $, $env, require })) as { json: Record<string, unknown> }).json;
}

describe("ThriveTexts's Decide, as n8n's task runner runs it", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['holds a reply until the wait has passed', {}, '12:29'],
    ['sends it then', {}, '12:30'],
    ['sends one the wait set shorter sooner', { wait_seconds: 60 }, '12:01'],
    ['does not text one pushed', { pushed: true }, '12:30'],
    ['does not text over the day’s limit', { texted_today: 1 }, '12:30'],
    ['sends one queued already, whatever the limit', { state: 'queued', texted_today: 1 }, '12:30'],
    [
      'does not text with text_fallback off',
      { settings: { ...DEFAULT_NOTIFICATION_SETTINGS, text_fallback: false } },
      '12:30',
    ],
    ['holds one in the quiet hours to their end', { created_at: at('20:50').toISOString() }, '21:20'],
    ['sends an urgent update at once, in them', { kind: 'announcement', urgent: true, announcement_id: 'a1' }, '22:00'],
  ])('%s, as textDecision decides', async (_case, changes, time) => {
    const json = notice(changes);
    const decision = textDecision(
      {
        kind: json.kind as NoticeKind,
        urgent: json.urgent as boolean,
        createdAt: new Date(json.created_at as string),
        seen: false,
        pushed: json.pushed as boolean,
        queued: json.state === 'queued',
        settings: json.settings as typeof DEFAULT_NOTIFICATION_SETTINGS,
        textedToday: json.texted_today as number,
      },
      at(time),
      (json.wait_seconds as number) * 1000,
    );
    const decided = await decide(json, at(time));
    expect(decided.verdict).toBe(decision.kind === 'skip' ? decision.reason : decision.kind);
    expect(decided.at).toBe(decision.kind === 'hold' ? decision.until.toISOString() : null);
  });

  it("writes the reference server's text: its id, the template in the parent's language, who wrote, the link", async () => {
    const reply = await decide(notice(), at('12:30'));
    const values = { author: 'Ms. Rao', link: `https://p.example${paths.chat}` };
    expect(reply.message).toEqual({
      // Postgres gives a bigint as a string, SQLite as a number: the one row gets the one id.
      id: textId({ id: 7, created_at: at('12:00').toISOString() }),
      phone: '+919876543210',
      language: 'hi',
      template: 'reply',
      values,
      text: fillTemplate('reply', 'hi', values),
    });
    const update = await decide(
      notice({ kind: 'announcement', announcement_id: 'a1b2', author: 'Thrive', language: 'en' }),
      at('12:30'),
    );
    expect(update.message).toMatchObject({
      template: 'announcement',
      values: { author: 'Thrive', link: `https://p.example${announcementPath('a1b2')}` },
    });
  });

  it('tries a failed text again after 30 s, doubling, and gives up after the last try', async () => {
    const retry = async (attempts: number) => (await decide(notice({ attempts }), at('12:30'))).retry_at;
    const first = Date.parse(String(await retry(0))) - at('12:30').getTime();
    const second = Date.parse(String(await retry(1))) - at('12:30').getTime();
    expect([first >= 30_000 && first <= 33_000, second >= 60_000 && second <= 66_000]).toEqual([true, true]);
    expect(await retry(7)).toBeNull();
  });
});
