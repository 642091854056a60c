import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { nameProblem } from '../../src/shared/rules/name.ts';
import type { RosterEntry, RosterFacilitatorRef } from '../../src/shared/roster/format.ts';
import { WEEKDAYS } from '../../src/shared/schedule/weekdays.ts';

export interface RosterFacilitator extends RosterFacilitatorRef {
  slackChannel: string;
}

/** A parent as the seed file writes them: the roster's entry (src/shared/roster), the number as it was typed. */
export type RosterParent = RosterEntry;

export interface RosterFile {
  facilitators: RosterFacilitator[];
  parents: RosterParent[];
}

const ID = { type: 'string', pattern: '^[a-z0-9-]+$' } as const;

const ROSTER_SCHEMA = {
  type: 'object',
  required: ['facilitators', 'parents'],
  additionalProperties: false,
  properties: {
    facilitators: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'slackChannel'],
        additionalProperties: false,
        properties: {
          id: ID,
          name: { type: 'string', minLength: 1 },
          slackChannel: { type: 'string', pattern: '^#[a-z0-9][a-z0-9_-]*$' },
        },
      },
    },
    parents: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'number', 'facilitator', 'sessions'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1 },
          number: { type: 'string' },
          facilitator: ID,
          sessions: {
            type: 'array',
            items: {
              type: 'object',
              required: ['day', 'time', 'facilitator'],
              additionalProperties: false,
              properties: {
                day: { enum: WEEKDAYS },
                time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
                facilitator: ID,
              },
            },
          },
        },
      },
    },
  },
} as const;

const validate = new Ajv2020({ allErrors: false }).compile<RosterFile>(ROSTER_SCHEMA);

/** Reads and checks the seed roster; a mistake in it stops the server with the file and the place. */
export function readRosterFile(path: string): RosterFile {
  const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!validate(data)) {
    const [error] = validate.errors ?? [];
    throw new Error(`Roster ${path}: ${error?.instancePath || '/'} ${error?.message ?? 'is invalid'}`);
  }
  // Parents read a facilitator's name beside each session and reply, staff a parent's: each reads as it was typed.
  const names = [
    ...data.facilitators.map((facilitator, i) => [`/facilitators/${i}/name`, facilitator.name] as const),
    ...data.parents.map((parent, i) => [`/parents/${i}/name`, parent.name] as const),
  ];
  const wrong = names.find(([, name]) => nameProblem(name) !== undefined);
  if (wrong) {
    throw new Error(
      `Roster ${path}: ${wrong[0]} cannot contain control characters or characters that change the direction of text, such as U+202E`,
    );
  }
  return data;
}
