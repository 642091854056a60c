import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from './app.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { conversationStore } from './conversation/store.ts';
import { removeExpired, type Erased } from './db/erase.ts';
import { createPushService, type PushService } from './push/service.ts';
import { readRosterFile } from './roster/roster-file.ts';
import { createRoster, seedRoster } from './roster/roster-store.ts';

export interface PortalServer {
  app: FastifyInstance;
  db: Db;
  /** Whether this start filled an empty roster from the seed file. */
  seeded: boolean;
  /** What the retention rule removed on this start. */
  expired: Erased;
  /** Web Push: its queue, the sender and the reminder timer. */
  push: PushService;
  close(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Opens the database, seeds the roster on first start, removes what is past
 * the retention period (now, and every day after), and builds the app,
 * ready to listen.
 */
export async function createPortalServer(
  config: ServerConfig,
  clock = () => new Date(),
  seams: Pick<AppDeps, 'onOutcome' | 'codeCost'> & {
    /** The HTTPS agent pushes go through: a test's trusts its fake push service. */
    pushAgent?: Agent;
  } = {},
): Promise<PortalServer> {
  const db = openDatabase(config.databasePath);
  let daily: NodeJS.Timeout | undefined;
  let push: PushService | undefined;
  try {
    const seeded = seedRoster(db, readRosterFile(config.rosterPath));
    const expired = removeExpired(db, clock(), config.retentionDays);
    push = createPushService({
      db,
      config,
      clock,
      roster: createRoster(db),
      tokens: conversationStore(db),
      ...(seams.pushAgent ? { agent: seams.pushAgent } : {}),
    });
    const app = await buildApp({ config, db, clock, push, onOutcome: seams.onOutcome, codeCost: seams.codeCost });
    push.start(app.log);
    const started = push;
    daily = setInterval(() => {
      try {
        const removed = removeExpired(db, clock(), config.retentionDays);
        app.log.info({ removed }, 'retention: removed requests older than %d days', config.retentionDays);
      } catch (error) {
        app.log.error({ err: error }, 'retention failed; it runs again tomorrow');
      }
    }, DAY_MS).unref();
    return {
      app,
      db,
      seeded,
      expired,
      push,
      async close() {
        clearInterval(daily);
        await started.close();
        await app.close();
        db.close();
      },
    };
  } catch (error) {
    clearInterval(daily);
    await push?.close();
    db.close();
    throw error;
  }
}
