/**
 * What an import would change, parent by parent (a parent is their
 * number): added, changed (name, facilitator or weekly sessions), removed,
 * and how many stay as they are. The preview shows it, the audit records
 * it in the words below, and the import applies exactly it.
 */
import { nameKey } from '../rules/phone.ts';
import { sessionLabel, sortedSessions } from './fields.ts';
import type { RosterEntry } from './format.ts';

export type RosterField = 'name' | 'facilitator' | 'sessions';

export interface RosterChange {
  before: RosterEntry;
  after: RosterEntry;
  fields: RosterField[];
}

export interface RosterDiff {
  added: RosterEntry[];
  changed: RosterChange[];
  removed: RosterEntry[];
  unchanged: number;
}

const sessionsText = (entry: RosterEntry) =>
  sortedSessions(entry.sessions)
    .map((session) => `${sessionLabel(session)} with ${session.facilitator}`)
    .join(', ') || 'no weekly session';

/** The fields in which two entries of one number differ. */
export function changedFields(before: RosterEntry, after: RosterEntry): RosterField[] {
  const fields: RosterField[] = [];
  if (before.name !== after.name) fields.push('name');
  if (before.facilitator !== after.facilitator) fields.push('facilitator');
  if (sessionsText(before) !== sessionsText(after)) fields.push('sessions');
  return fields;
}

const collator = new Intl.Collator();

/**
 * Parents in the order staff read them, by name and then number. Each name's key is made once: made in the
 * comparison, with localeCompare's collator made at each call, it took seconds for a file near 10 MB.
 */
export function sortedByName<T>(items: readonly T[], entryOf: (item: T) => RosterEntry): T[] {
  const keyed = items.map((item) => {
    const entry = entryOf(item);
    return { item, entry, key: nameKey(entry.name) };
  });
  keyed.sort((a, b) => collator.compare(a.key, b.key) || collator.compare(a.entry.number, b.entry.number));
  return keyed.map(({ item }) => item);
}
const itself = (entry: RosterEntry) => entry;

export function rosterDiff(current: readonly RosterEntry[], next: readonly RosterEntry[]): RosterDiff {
  const before = new Map(current.map((entry) => [entry.number, entry]));
  const after = new Set(next.map((entry) => entry.number));
  const diff: RosterDiff = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const entry of next) {
    const old = before.get(entry.number);
    const fields = old ? changedFields(old, entry) : [];
    if (!old) diff.added.push(entry);
    else if (fields.length > 0) diff.changed.push({ before: old, after: entry, fields });
    else diff.unchanged += 1;
  }
  diff.added = sortedByName(diff.added, itself);
  diff.removed = sortedByName(
    current.filter((entry) => !after.has(entry.number)),
    itself,
  );
  diff.changed = sortedByName(diff.changed, (change) => change.after);
  return diff;
}

/** A parent in the audit's words: name, number, facilitator and sessions. */
export const entrySummary = (entry: RosterEntry) =>
  `${entry.name} (${entry.number}), facilitator ${entry.facilitator}, ${sessionsText(entry)}`;

/** A change in the audit's words: each changed field, before → after. */
export function changeSummary({ before, after, fields }: RosterChange): string {
  const parts = fields.map((field) => {
    if (field === 'name') return `name ${before.name} → ${after.name}`;
    if (field === 'facilitator') return `facilitator ${before.facilitator} → ${after.facilitator}`;
    return `sessions ${sessionsText(before)} → ${sessionsText(after)}`;
  });
  return `${after.name} (${after.number}): ${parts.join('; ')}`;
}
