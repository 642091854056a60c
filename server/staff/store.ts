/**
 * What the staff inbox reads and writes (migration 3): accounts, sessions,
 * failed sign-ins and the requests staff handle here; the threads by parent,
 * what staff have read and their replies through the threads' owner,
 * server/db/thread-table.ts.
 */
import type { Db } from '../db/database.ts';
import { latestRequestLanguage } from '../db/requests-table.ts';
import { threadTable, type ThreadFilter } from '../db/thread-table.ts';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
}

/** The requests that ask the programme to act, and so have a status. */
export const HANDLED_ACTIONS = ['reschedule_single', 'reschedule_range', 'book_consult', 'schedule_call'] as const;

export interface RequestSummary {
  request_id: string;
  action: (typeof HANDLED_ACTIONS)[number];
  user_name: string;
  user_number: string;
  payload: string;
  note: string | null;
  message: string | null;
  preferred_times: string | null;
  received_at: string;
  handled_at: string | null;
  handled_by: string | null;
  /** 1 when the request's number is on the roster (its name may still be anyone's). */
  on_roster: 0 | 1;
  number_key: string;
  language: 'en' | 'hi' | null;
  /** Where it stands: a reschedule's outcome (waiting until answered), a visitor request's status (new until worked). */
  status: RequestStatusName;
}

/** The statuses the list can be filtered by: a reschedule's outcomes, then a visitor request's. */
export const REQUEST_STATUSES = [
  'waiting',
  'confirmed',
  'offered',
  'declined',
  'new',
  'contacted',
  'booked',
  'closed',
] as const;
export type RequestStatusName = (typeof REQUEST_STATUSES)[number];

/** A request's status from its latest answer (server/requests/store.ts); a parent's acceptance confirms. */
const STATUS = `coalesce(
  (SELECT CASE a.kind WHEN 'accepted' THEN 'confirmed' ELSE a.kind END FROM request_answers a
    WHERE a.request_id = r.request_id ORDER BY a.id DESC LIMIT 1),
  CASE WHEN r.action IN ('reschedule_single', 'reschedule_range') THEN 'waiting' ELSE 'new' END)`;

/**
 * A page of requests, those whose name or number matches `search` (LIKE
 * patterns) when it is given, and with this status when one is given.
 */
export type RequestFilter = Omit<ThreadFilter, 'onRoster'> & { status?: RequestStatusName | undefined };

const ACTION_LIST = HANDLED_ACTIONS.map((action) => `'${action}'`).join(', ');

/** Who a number is, for a conversation's heading: its name, the facilitator, the language it writes in. */
export interface Party {
  name: string | null;
  facilitator: string | null;
  language: 'en' | 'hi' | null;
}

export function createStaffStore(db: Db) {
  const memberByEmail = db.prepare<[string], StaffMember & { password_hash: string }>(
    'SELECT id, email, name, password_hash FROM staff WHERE email = ?',
  );
  const failuresFrom = db
    .prepare<[string, string], number>(
      'SELECT count(*) FROM staff_sign_in_failures WHERE address = ? AND failed_at > ?',
    )
    .pluck();
  const failuresForFrom = db
    .prepare<[string, string, string], number>(
      'SELECT count(*) FROM staff_sign_in_failures WHERE address = ? AND email = ? AND failed_at > ?',
    )
    .pluck();
  const addFailure = db.prepare('INSERT INTO staff_sign_in_failures (address, email, failed_at) VALUES (?, ?, ?)');
  const clearFailures = db.prepare('DELETE FROM staff_sign_in_failures WHERE address = ? AND email = ?');
  const addSession = db.prepare(`
    INSERT INTO staff_sessions (id_hash, staff_id, csrf_token, created_at, expires_at, last_seen_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const sessionOf = db.prepare<[string, string, string], StaffMember & { csrf_token: string }>(`
    SELECT s.id, s.email, s.name, x.csrf_token FROM staff_sessions x JOIN staff s ON s.id = x.staff_id
    WHERE x.id_hash = ? AND x.expires_at > ? AND x.last_seen_at > ?`);
  const seen = db.prepare('UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ?');
  const endSession = db.prepare('DELETE FROM staff_sessions WHERE id_hash = ?');
  const threads = threadTable(db);
  // New first, then those of numbers on the roster, then the latest: a flood from numbers on no roster stays below.
  const REQUESTS = `
    SELECT %COLUMNS%
    FROM requests r LEFT JOIN request_handling h ON h.request_id = r.request_id
    WHERE r.action IN (${ACTION_LIST})
      AND (@any = 0 OR r.user_name LIKE @name ESCAPE '\\' OR r.number_key LIKE @number ESCAPE '\\')
      AND (@status = '' OR ${STATUS} = @status)`;
  type SearchParams = { any: number; name: string; number: string; status: string };
  const COLUMNS = `r.request_id, r.action, r.user_name, r.user_number, r.payload, r.note, r.message, r.preferred_times,
      r.received_at, h.handled_at, h.handled_by, r.number_key, r.language, ${STATUS} AS status,
      EXISTS (SELECT 1 FROM parents p WHERE p.number = r.number_key) AS on_roster`;
  const requests = db.prepare<[SearchParams & { limit: number; offset: number }], RequestSummary>(`
    ${REQUESTS.replace('%COLUMNS%', COLUMNS)}
    ORDER BY h.request_id IS NULL DESC, on_roster DESC, r.id DESC LIMIT @limit OFFSET @offset`);
  const oneRequest = db.prepare<[SearchParams & { id: string }], RequestSummary>(
    `${REQUESTS.replace('%COLUMNS%', COLUMNS)} AND r.request_id = @id`,
  );
  const requestCount = db.prepare<[SearchParams], number>(REQUESTS.replace('%COLUMNS%', 'count(*)')).pluck();
  const handledRequest = db
    .prepare<[string], string>(`SELECT request_id FROM requests WHERE request_id = ? AND action IN (${ACTION_LIST})`)
    .pluck();
  const setHandled = db.prepare(`
    INSERT INTO request_handling (request_id, handled_at, handled_by) VALUES (?, ?, ?)
    ON CONFLICT (request_id) DO UPDATE SET handled_at = excluded.handled_at, handled_by = excluded.handled_by`);
  const setNew = db.prepare('DELETE FROM request_handling WHERE request_id = ?');
  const handlingOf = db.prepare<[string], { handled_at: string; handled_by: string }>(
    'SELECT handled_at, handled_by FROM request_handling WHERE request_id = ?',
  );
  const partyOf = db.prepare<[{ n: string }], Party>(`
    SELECT coalesce(
        (SELECT name FROM parents WHERE number = @n),
        (SELECT user_name FROM requests WHERE number_key = @n ORDER BY id DESC LIMIT 1)) AS name,
      (SELECT f.name FROM parents p JOIN facilitators f ON f.id = p.facilitator_id WHERE p.number = @n) AS facilitator,
      ${latestRequestLanguage('@n')} AS language`);

  return {
    member: (email: string) => memberByEmail.get(email),
    /** Failed sign-ins since `since` from this address, in all and for this email. */
    failures(address: string, email: string, since: Date) {
      const after = since.toISOString();
      return {
        fromAddress: failuresFrom.get(address, after) ?? 0,
        forAccountFromAddress: failuresForFrom.get(address, email, after) ?? 0,
      };
    },
    recordFailure: (address: string, email: string, now: Date) =>
      void addFailure.run(address, email, now.toISOString()),
    /** A right password forgets this address's failures for the account; others' stay. */
    clearFailures: (address: string, email: string) => void clearFailures.run(address, email),
    startSession(idHash: string, staffId: number, csrf: string, now: Date, expires: Date) {
      addSession.run(idHash, staffId, csrf, now.toISOString(), expires.toISOString(), now.toISOString());
    },
    /** The live session with this id: not past its end, and used within `idleMs`; using it now keeps it alive. */
    session(idHash: string, now: Date, idleMs: number) {
      const found = sessionOf.get(idHash, now.toISOString(), new Date(now.getTime() - idleMs).toISOString());
      if (found) seen.run(now.toISOString(), idHash);
      return found;
    },
    endSession: (idHash: string) => void endSession.run(idHash),
    /** A page of conversations, and how many the filter finds (server/db/thread-table.ts). */
    conversations: (filter: ThreadFilter) => threads.summaries(filter),
    /** A parent's thread for staff, oldest first, with its files; undefined when the number has none. */
    thread: (numberKey: string) => threads.forStaff(numberKey),
    markRead: (numberKey: string, throughId: number) => threads.markRead(numberKey, throughId),
    /** Adds a reply and counts the thread read up to it; the reply's id. */
    reply: (numberKey: string, staffName: string, text: string, now: Date) =>
      threads.addReply(numberKey, staffName, text, now),
    /** An attachment of a thread message (staff may open every thread's). */
    file: (messageId: number, position: number) => threads.file(messageId, position),
    /** A page of requests, and how many the filter finds in all. */
    requests(filter: RequestFilter) {
      const search = {
        any: filter.search ? 1 : 0,
        name: filter.search?.name ?? '',
        number: filter.search?.number ?? '',
        status: filter.status ?? '',
      };
      return {
        rows: requests.all({ ...search, limit: filter.limit, offset: filter.offset }),
        total: requestCount.get(search) ?? 0,
      };
    },
    /** One request as the inbox lists it, whatever its page. */
    request: (requestId: string) => oneRequest.get({ any: 0, name: '', number: '', status: '', id: requestId }),
    /** Who a number is: named when it is on the roster or has sent a request, even with no thread yet. */
    party: (numberKey: string) => partyOf.get({ n: numberKey }),
    /** When a request was marked handled, and by whom. */
    handling: (requestId: string) => handlingOf.get(requestId),
    /** Sets a request's status; false when there is no such request to handle. */
    setStatus(requestId: string, status: 'new' | 'handled', by: string, now: Date): boolean {
      if (handledRequest.get(requestId) === undefined) return false;
      if (status === 'handled') setHandled.run(requestId, now.toISOString(), by);
      else setNew.run(requestId);
      return true;
    },
  };
}

export type StaffStore = ReturnType<typeof createStaffStore>;
