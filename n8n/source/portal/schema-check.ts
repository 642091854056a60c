/**
 * The request body against the contract's JSON Schema (the "Contract" node's request_schema), as the reference
 * server's Ajv does (server/webhook/contract.ts): keywords in Ajv's order, the first problem found reported.
 * Bundled into the portal's "Check request" Code node, which reads the schema from "Contract". A problem is reported
 * as Ajv reports it (SchemaProblem), which "Explain refusal" words as the reference server does (refusalReason).
 */
import type { SchemaProblem } from '../../../src/shared/rules/refusal-reason.ts';

export interface SchemaRule {
  $ref?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  not?: SchemaRule;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  format?: string;
  maxItems?: number;
  items?: SchemaRule;
  maxProperties?: number;
  required?: string[];
  additionalProperties?: boolean;
  properties?: Record<string, SchemaRule>;
  discriminator?: { propertyName: string };
}

/** The schema as "Contract" holds it: its branches by the value of `action` under `$defs`. */
export interface CheckedSchema extends SchemaRule {
  $defs: Record<string, SchemaRule>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const TYPES: Record<string, (value: unknown) => boolean> = {
  object: isObject,
  string: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
  array: Array.isArray,
};
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)$/i;

function isDate(text: string): boolean {
  const match = /^(\d\d\d\d)-(\d\d)-(\d\d)$/.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0] = match.slice(1).map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0));
}

function isDateTime(text: string): boolean {
  const [date = '', time, ...more] = text.split(/t|\s/i);
  const match = TIME.exec(time ?? '');
  if (more.length > 0 || !isDate(date) || !match) return false;
  const [hour = 0, minute = 0, second = 0, zoneHours = 0, zoneMinutes = 0] = [1, 2, 3, 6, 7].map((i) =>
    Number(match[i] ?? 0),
  );
  return hour <= 23 && minute <= 59 && second < 60 && zoneHours <= 23 && zoneMinutes <= 59;
}

const FORMATS: Record<string, (text: string) => boolean> = { date: isDate, 'date-time': isDateTime };
const fail = (instancePath: string, keyword: string, message: string, params = {}): SchemaProblem => ({
  instancePath,
  keyword,
  params,
  message,
});

/** The first problem of `data` at `path`, or null: Ajv's groups (type; const, enum, not; string; array; object). */
function problem(defs: CheckedSchema['$defs'], rule: SchemaRule, data: unknown, path: string): SchemaProblem | null {
  if (rule.$ref) return problem(defs, defs[rule.$ref.replace('#/$defs/', '')] ?? {}, data, path);
  if (rule.type && !TYPES[rule.type]?.(data)) return fail(path, 'type', `must be ${rule.type}`, { type: rule.type });
  if ('const' in rule && data !== rule.const) return fail(path, 'const', 'must be equal to constant');
  if (rule.enum && !rule.enum.includes(data)) return fail(path, 'enum', 'must be equal to one of the allowed values');
  if (rule.not && !problem(defs, rule.not, data, path)) return fail(path, 'not', 'must NOT be valid');
  if (typeof data === 'string') {
    const length = Array.from(data).length;
    const { maxLength: most, minLength: least, pattern, format } = rule;
    if (most !== undefined && length > most)
      return fail(path, 'maxLength', `must NOT have more than ${most} characters`);
    if (least !== undefined && length < least)
      return fail(path, 'minLength', `must NOT have fewer than ${least} characters`);
    if (pattern && !new RegExp(pattern, 'u').test(data))
      return fail(path, 'pattern', `must match pattern "${pattern}"`);
    if (format && !FORMATS[format]?.(data)) return fail(path, 'format', `must match format "${format}"`);
  }
  if (Array.isArray(data)) {
    const most = rule.maxItems;
    if (most !== undefined && data.length > most)
      return fail(path, 'maxItems', `must NOT have more than ${most} items`);
    for (const [i, item] of data.entries()) {
      const found = rule.items && problem(defs, rule.items, item, `${path}/${i}`);
      if (found) return found;
    }
  }
  if (isObject(data)) return objectProblem(defs, rule, data, path);
  return null;
}

function objectProblem(
  defs: CheckedSchema['$defs'],
  rule: SchemaRule,
  data: Record<string, unknown>,
  path: string,
): SchemaProblem | null {
  const keys = Object.keys(data);
  const most = rule.maxProperties;
  if (most !== undefined && keys.length > most)
    return fail(path, 'maxProperties', `must NOT have more than ${most} properties`);
  const missing = (rule.required ?? []).find((key) => !(key in data));
  if (missing) return fail(path, 'required', `must have required property '${missing}'`, { missingProperty: missing });
  const extra = rule.additionalProperties === false && keys.find((key) => !(key in (rule.properties ?? {})));
  if (extra)
    return fail(path, 'additionalProperties', 'must NOT have additional properties', { additionalProperty: extra });
  for (const [key, inner] of Object.entries(rule.properties ?? {})) {
    const found = key in data && problem(defs, inner, data[key], `${path}/${key}`);
    if (found) return found;
  }
  if (!rule.discriminator) return null;
  const branch = defs[String(data[rule.discriminator.propertyName])]; // oneOf's branches, by name
  return branch
    ? problem(defs, branch, data, path)
    : fail(path, 'discriminator', 'must match a branch', { error: 'mapping' });
}

/** The first problem of the request body against the schema, or null when the body keeps to it. */
export function schemaProblem(schema: CheckedSchema, body: unknown): SchemaProblem | null {
  return problem(schema.$defs, schema, body, '');
}
