// Check request: the body against the contract's JSON Schema (the "Contract" node), as the reference server's
// Ajv does (server/webhook/contract.ts): keywords in Ajv's order, the first problem found reported.
const body = $('Webhook').first().json.body;
const schema = $('Contract').first().json.request_schema;
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOf = (type) => (value) => typeof value === type;
const TYPES = { object: isObject, string: isOf('string'), boolean: isOf('boolean'), array: Array.isArray };
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)$/i;
function isDate(text) {
  const match = /^(\d\d\d\d)-(\d\d)-(\d\d)$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

function isDateTime(text) {
  const [date, time, ...more] = text.split(/t|\s/i);
  const match = TIME.exec(time ?? '');
  if (more.length > 0 || !isDate(date) || !match) return false;
  const [hour, minute, second, zoneHours, zoneMinutes] = [1, 2, 3, 6, 7].map((i) => Number(match[i] ?? 0));
  return hour <= 23 && minute <= 59 && second < 60 && zoneHours <= 23 && zoneMinutes <= 59;
}
const FORMATS = { date: isDate, 'date-time': isDateTime };
const fail = (path, keyword, message, params = {}) => ({ instancePath: path, keyword, params, message });

/** The first problem of `data` at `path`, or null: Ajv's groups (type; const, enum, not; string; array; object). */
function problem(rule, data, path) {
  if (rule.$ref) return problem(schema.$defs[rule.$ref.replace('#/$defs/', '')], data, path);
  if (rule.type && !TYPES[rule.type](data)) return fail(path, 'type', `must be ${rule.type}`, { type: rule.type });
  if ('const' in rule && data !== rule.const) return fail(path, 'const', 'must be equal to constant');
  if (rule.enum && !rule.enum.includes(data)) return fail(path, 'enum', 'must be equal to one of the allowed values');
  if (rule.not && !problem(rule.not, data, path)) return fail(path, 'not', 'must NOT be valid');
  if (typeof data === 'string') {
    const length = Array.from(data).length;
    const { maxLength: most, minLength: least, pattern, format } = rule;
    if (length > most) return fail(path, 'maxLength', `must NOT have more than ${most} characters`);
    if (length < least) return fail(path, 'minLength', `must NOT have fewer than ${least} characters`);
    if (pattern && !new RegExp(pattern, 'u').test(data))
      return fail(path, 'pattern', `must match pattern "${pattern}"`);
    if (format && !FORMATS[format](data)) return fail(path, 'format', `must match format "${format}"`);
  }
  if (Array.isArray(data)) {
    if (data.length > rule.maxItems) return fail(path, 'maxItems', `must NOT have more than ${rule.maxItems} items`);
    for (const [i, item] of data.entries()) {
      const found = rule.items && problem(rule.items, item, `${path}/${i}`);
      if (found) return found;
    }
  }
  if (isObject(data)) return objectProblem(rule, data, path);
  return null;
}

function objectProblem(rule, data, path) {
  const keys = Object.keys(data);
  if (keys.length > rule.maxProperties)
    return fail(path, 'maxProperties', `must NOT have more than ${rule.maxProperties} properties`);
  const missing = (rule.required ?? []).find((key) => !(key in data));
  if (missing) return fail(path, 'required', `must have required property '${missing}'`, { missingProperty: missing });
  const extra = rule.additionalProperties === false && keys.find((key) => !(key in rule.properties));
  if (extra)
    return fail(path, 'additionalProperties', 'must NOT have additional properties', { additionalProperty: extra });
  for (const [key, inner] of Object.entries(rule.properties ?? {})) {
    const found = key in data && problem(inner, data[key], `${path}/${key}`);
    if (found) return found;
  }
  if (!rule.discriminator) return null;
  const branch = schema.$defs[data[rule.discriminator.propertyName]]; // oneOf's branches, by name
  return branch
    ? problem(branch, data, path)
    : fail(path, 'discriminator', 'must match a branch', { error: 'mapping' });
}

const error = problem(schema, body, '');
// A refusal carries what "Explain refusal" quotes, not the body, which may hold 10 MB of files.
const quoted = () => ({ action: body?.action, name: body?.user?.name, files: $('Read files').first().json.files });
if (error) return { json: { schemaError: error, ...quoted() } };
return { json: { envelope: body, language: body.language ?? 'en' } };
