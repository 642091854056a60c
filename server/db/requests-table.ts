/**
 * The requests table, written once for both backends that keep requests:
 * the reference server's SQLite (migrations.ts builds it from this list) and
 * the n8n workflow's Postgres (n8n/schema.sql, which `npm run n8n -- workflow`
 * generates from it). A column both keep is one entry; where they differ,
 * the entry says so:
 * - The server writes a row whole, with its answer; the workflow claims a
 *   row when the request arrives and answers it later, so the answer's
 *   columns are NOT NULL in SQLite only.
 * - SQLite keeps a row id and each number's phone key (`npm run forget`
 *   finds a number's requests by it); Postgres keys rows by request_id and
 *   keeps when a row was claimed.
 *
 * `since` is the SQLite migration that added a column. A migration a
 * database may already have had never changes (a test holds each one to
 * what shipped): a new column gets the next migration, which appends it.
 */
import { LOCALES } from '../../src/shared/i18n/locale.ts';

export interface RequestColumn {
  readonly name: string;
  /** key: the request_id; row-id: SQLite's own; json: TEXT in SQLite, jsonb in Postgres; time: ISO text in SQLite, timestamptz in Postgres. */
  readonly kind: 'key' | 'row-id' | 'text' | 'json' | 'status' | 'time';
  /** What sets it: the request itself (the record the workflow claims with), the store on arrival, or the answer. */
  readonly from: 'request' | 'arrival' | 'answer';
  /** NOT NULL (in SQLite only for an answer column, see above). */
  readonly required?: true;
  /** Kept by one backend only. */
  readonly only?: 'sqlite' | 'postgres';
  /** The SQLite migration that added it; 1 when absent. */
  readonly since?: number;
  /** Postgres: what follows the type (a DEFAULT or a CHECK), and a comment above the column. */
  readonly postgres?: { readonly after?: string; readonly comment?: string };
}

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export const REQUEST_COLUMNS: readonly RequestColumn[] = [
  { name: 'id', kind: 'row-id', from: 'arrival', only: 'sqlite' },
  { name: 'request_id', kind: 'key', from: 'request' },
  { name: 'body_hash', kind: 'text', from: 'request', required: true },
  { name: 'action', kind: 'text', from: 'request', required: true },
  { name: 'user_name', kind: 'text', from: 'request', required: true },
  { name: 'user_number', kind: 'text', from: 'request', required: true },
  {
    name: 'payload',
    kind: 'json',
    from: 'request',
    required: true,
    postgres: {
      comment:
        "For a chat: the message and each file's name, type and size (the files went to Slack: see thrive.slack_posts).",
    },
  },
  { name: 'note', kind: 'text', from: 'request' },
  { name: 'message', kind: 'text', from: 'request' },
  { name: 'preferred_times', kind: 'text', from: 'request' },
  {
    name: 'language',
    kind: 'text',
    from: 'request',
    since: 2,
    postgres: { after: `CHECK (language IN (${quoted(LOCALES)}))` },
  },
  { name: 'number_key', kind: 'text', from: 'arrival', since: 2, only: 'sqlite' },
  { name: 'timestamp_ist', kind: 'text', from: 'request', required: true },
  { name: 'received_at', kind: 'time', from: 'arrival', required: true, postgres: { after: 'DEFAULT now()' } },
  {
    name: 'claimed_at',
    kind: 'time',
    from: 'arrival',
    required: true,
    only: 'postgres',
    postgres: { after: 'DEFAULT clock_timestamp()' },
  },
  { name: 'response_status', kind: 'status', from: 'answer', required: true },
  { name: 'response_body', kind: 'text', from: 'answer', required: true },
];

export const REQUEST_INDEXES: readonly { name: string; column: string; since?: number }[] = [
  { name: 'requests_by_received', column: 'received_at' },
  { name: 'requests_by_number', column: 'number_key', since: 2 },
];

/**
 * The language a number uses the portal in, as the server knows it from its requests: that of its latest one (null
 * before any, or when it named none). One SQLite expression, for `numberKey` (an SQL expression), so the staff pages
 * and the texts read one answer.
 */
export const latestRequestLanguage = (numberKey: string) =>
  `(SELECT r.language FROM requests r WHERE r.number_key = ${numberKey} ORDER BY r.id DESC LIMIT 1)`;

export const columnsOf = (backend: 'sqlite' | 'postgres') =>
  REQUEST_COLUMNS.filter((column) => (column.only ?? backend) === backend);

const SQLITE_TYPES = { text: 'TEXT', json: 'TEXT', status: 'INTEGER', time: 'TEXT' } as const;

function sqliteColumn({ name, kind, required }: RequestColumn): string {
  if (kind === 'row-id') return `${name} INTEGER PRIMARY KEY`;
  if (kind === 'key') return `${name} TEXT NOT NULL UNIQUE`;
  return `${name} ${SQLITE_TYPES[kind]}${required ? ' NOT NULL' : ''}`;
}

/** The SQL one migration runs for the requests table: the table itself in the first, its new columns in a later one. */
export function sqliteRequestColumns(version: number): string {
  const added = columnsOf('sqlite')
    .filter(({ since = 1 }) => since === version)
    .map(sqliteColumn);
  const table = `  CREATE TABLE requests (\n${added.map((column) => `    ${column}`).join(',\n')}\n  ) STRICT;`;
  if (version === 1) return table;
  return added.map((column) => `  ALTER TABLE requests ADD COLUMN ${column};`).join('\n');
}

/** The indexes one migration adds to the requests table. */
export function sqliteRequestIndexes(version: number): string {
  return REQUEST_INDEXES.filter(({ since = 1 }) => since === version)
    .map(({ name, column }) => `  CREATE INDEX ${name} ON requests (${column});`)
    .join('\n');
}
