import { readFileSync } from 'node:fs';
import { ensureN8n } from './harness/install.ts';
import { startPostgres } from './harness/postgres.ts';
import { startChatRelay } from './harness/chat-relay.ts';
import { startN8n } from './harness/n8n-process.ts';
import { rosterSql } from './workflow/roster-sql.ts';
import { readRosterFile } from '../../server/roster/roster-file.ts';
import { knowSchedule, chat, fileOf, bookConsult, rescheduleSingle } from '../../tests/unit/server/support/envelopes.ts';

const install = ensureN8n();
const pg = await startPostgres();
const relay = await startChatRelay();
try {
  pg.run(readFileSync('n8n/schema.sql', 'utf8'));
  pg.run(readFileSync('n8n/roster.seed.sql', 'utf8'));
  pg.run(rosterSql(readRosterFile('server/roster.test.json'), 'test'));
  const t = Date.now();
  const wf = JSON.parse(readFileSync('n8n/thrive-portal.workflow.json', 'utf8')); wf.settings.saveDataSuccessExecution = 'all';
  (await import('node:fs')).writeFileSync('/tmp/exp/wf-debug.json', JSON.stringify(wf));
  const n8n = await startN8n({ install, workflowPath: '/tmp/exp/wf-debug.json', postgresPort: pg.port, relayUrl: relay.url });
  console.log('n8n up in', (Date.now() - t) / 1000, 's; start', n8n.startSeconds);
  const post = async (body: unknown) => {
    const s = Date.now();
    const r = await fetch(n8n.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    console.log(r.status, r.headers.get('content-type'), r.headers.get('idempotent-replayed'), (await r.text()).slice(0, 300), Date.now() - s, 'ms');
  };
  const ks = knowSchedule();
  await post(ks);
  await post(ks);
  await post({ ...ks, user: { name: 'Someone', number: '9999999999' } });
  await post(bookConsult('Mornings'));
  await post(rescheduleSingle('2030-01-01', 'note'));
  await post(chat('hi there', [fileOf(3000, 'image/png')]));
  await post(chat('no files', []));
  await post({ action: 'x' });
  for (const [label, body, type] of [['bad json', '{"action":', 'application/json'], ['proto', '{"action":"know_schedule","__proto__":{"admin":true}}', 'application/json'], ['text', 'hi', 'text/plain'], ['17MB', JSON.stringify(chat('big', [fileOf(12.5 * 1024 * 1024, 'image/png')])), 'application/json'], ['11MB files', JSON.stringify(chat('big', [fileOf(6 * 1024 * 1024, 'image/png'), fileOf(5 * 1024 * 1024, 'image/png')])), 'application/json']] as const) {
    const s = Date.now();
    const r = await fetch(n8n.webhookUrl, { method: 'POST', headers: { 'content-type': type }, body });
    console.log(label, r.status, r.headers.get('content-type'), (await r.text()).slice(0, 300), Date.now() - s, 'ms');
  }
  for (const m of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
    const r = await fetch(n8n.webhookUrl, { method: m, headers: { origin: 'http://127.0.0.1:9999', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    console.log(m, r.status, JSON.stringify(Object.fromEntries(r.headers)), (await r.text()).slice(0, 200));
  }
  const ks2 = knowSchedule();
  const times: number[] = [];
  for (let i = 0; i < 10; i++) { const s = Date.now(); await fetch(n8n.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(knowSchedule()) }); times.push(Date.now() - s); }
  console.log('10 know_schedule sequential ms:', times.join(' '));
  console.log(relay.messages, relay.files.map((f) => [f.filename, f.bytes.length]), relay.unexpected);
  console.log(pg.rows('SELECT request_id, action, response_status FROM thrive.requests'));
  if (process.env.KEEP) await new Promise((r) => setTimeout(r, 1e9));
  const folder = (n8n as any).folder;
  const { default: Database } = await import('better-sqlite3');
  const { parse } = await import('/work/wt-n8n/.cache/n8n/node_modules/flatted/cjs/index.js' as string);
  const db = new Database(`${n8n.userFolder}/.n8n/database.sqlite`, { readonly: true });
  for (const row of db.prepare('SELECT e.id, e.startedAt, e.stoppedAt, d.data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id ORDER BY e.id').all() as any[]) {
    const data = parse(row.data);
    const runs = Object.entries(data.resultData.runData).map(([name, r]: any) => `${name}:${r.map((x: any) => x.executionTime).join('+')}`);
    console.log(row.id, new Date(row.stoppedAt).getTime() - new Date(row.startedAt).getTime(), 'ms |', runs.join(' | '));
  }
  await n8n.stop();
} finally {
  await relay.close();
  pg.stop();
}
