/**
 * `npm run bench -- <name> [options]`: one entry for every benchmark. Each
 * prints its own figures; none is a pass/fail test except `budget`, which
 * `npm test` also runs, and `first-input`.
 *
 *   npm run bench                 the page figures (page.ts), which run the others it needs
 *   npm run bench -- budget       the landing route's gzip size against budget.json
 *   npm run bench -- lighthouse   Lighthouse mobile, median of 3, beside a plain page
 *   npm run bench -- start        longest start task per route, and INP of three interactions, at 4x CPU
 *   npm run bench -- first-input  taps and edits made the moment a page answers input, at 6x CPU: none lost, or it fails
 *   npm run bench -- inspector    what an attached inspector (Playwright's) costs a page's script evaluation
 *   npm run bench -- first-task   what a first visit's longest task is made of, per route, from a trace
 *   npm run bench -- voice        a 60 s voice note at 4x CPU: its size, and the longest task while it records
 *   npm run bench -- chat-poll    chat_thread requests in an hour with the chat open, push off and on
 *   npm run bench -- push         from a staff reply to the push service's answer, 1,000 subscribed parents
 *   npm run bench -- announce     one announcement to 10,000 subscribed parents, and staff replies during its fan-out
 *   npm run bench -- suite-cpu    the CPU seconds of each browser test, one worker, dearest first
 *   npm run bench -- outbox | server | photo | first-send
 */
import { spawnSync } from 'node:child_process';

const BENCHES = {
  page: 'bench/page.ts',
  budget: 'bench/budget.ts',
  lighthouse: 'bench/lighthouse.ts',
  start: 'bench/start.ts',
  'first-input': 'bench/first-input.ts',
  inspector: 'bench/inspector.ts',
  'first-task': 'bench/first-task.ts',
  outbox: 'bench/outbox.ts',
  server: 'bench/server.ts',
  photo: 'bench/photo.ts',
  'first-send': 'bench/first-send.ts',
  voice: 'bench/voice.ts',
  'chat-poll': 'bench/chat-poll.ts',
  push: 'bench/push.ts',
  announce: 'bench/announce.ts',
  'suite-cpu': 'bench/suite-cpu.ts',
} as const;

const [name = 'page', ...rest] = process.argv.slice(2);
const file = (BENCHES as Record<string, string>)[name];
if (!file) {
  console.error(`Unknown bench "${name}". One of: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', file, ...rest], { stdio: 'inherit' });
process.exit(result.status ?? 1);
