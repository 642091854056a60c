import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { readRosterFile } from './roster/roster-file.ts';
import { seedRoster } from './roster/roster-store.ts';

export interface PortalServer {
  app: FastifyInstance;
  db: Db;
  /** Whether this start filled an empty roster from the seed file. */
  seeded: boolean;
  close(): Promise<void>;
}

/** Opens the database, seeds the roster on first start and builds the app, ready to listen. */
export async function createPortalServer(config: ServerConfig, clock?: () => Date): Promise<PortalServer> {
  const db = openDatabase(config.databasePath);
  try {
    const seeded = seedRoster(db, readRosterFile(config.rosterPath));
    const app = await buildApp({ config, db, clock });
    return {
      app,
      db,
      seeded,
      async close() {
        await app.close();
        db.close();
      },
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
