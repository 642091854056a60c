/**
 * The request schema of the six spec actions (server/contract/request-schema.ts;
 * the conversation actions of issue 24 come to n8n with issue 25) compiled ahead of
 * time into standalone JavaScript, with the reference server's Ajv settings
 * (server/webhook/contract.ts): a Code node can neither import the schema nor
 * compile it (Ajv compiles with `new Function`). Descriptions and examples
 * are left out of the copy compiled: they change nothing Ajv checks.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { specRequestSchema } from '../../../server/contract/request-schema.ts';

const ANNOTATIONS = new Set(['description', 'examples', 'title']);

function withoutAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !ANNOTATIONS.has(key))
      .map(([key, value]) => [key, withoutAnnotations(value)]),
  );
}

/** ESM exporting `validate`, the compiled request schema. */
export function requestValidatorCode(): string {
  const schema = withoutAnnotations(specRequestSchema) as Record<string, unknown>;
  const ajv = new Ajv2020({
    discriminator: true,
    strict: true,
    allErrors: false,
    code: { source: true, esm: true },
    inlineRefs: false,
  });
  addFormats(ajv, ['date', 'date-time', 'uuid']);
  return standaloneCode(ajv, ajv.compile(schema));
}
