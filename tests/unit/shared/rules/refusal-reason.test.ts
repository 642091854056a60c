import { describe, expect, it } from 'vitest';
import { quotedOf, refusalReason, type SchemaProblem } from '../../../../src/shared/rules/refusal-reason.ts';

const problem = (instancePath: string, keyword: string, params: Record<string, unknown> = {}): SchemaProblem => ({
  instancePath,
  keyword,
  params,
  message: 'must be right',
});
const QUOTED = quotedOf({
  action: 'chat_facilitator',
  user: { name: 'Asha\u0007', number: '+919876543210' },
  payload: { attachments: [{ filename: 'a.png' }, { filename: '../../evil.svg' }, null] },
});

describe('refusalReason, the reason a schema refusal gives on both backends', () => {
  it.each([
    ['a missing action', problem('', 'required', { missingProperty: 'action' }), { key: 'missingAction', values: {} }],
    [
      'a missing field, named where it is',
      problem('/payload', 'required', { missingProperty: 'date' }),
      { key: 'missingField', values: { field: 'date', where: 'payload' } },
    ],
    [
      'an unexpected field of the request itself, named in the parent’s language',
      problem('', 'additionalProperties', { additionalProperty: 'extra' }),
      { key: 'unexpectedField', values: { field: 'extra', where: { key: 'theRequest' } } },
    ],
    [
      'a file of a type not allowed, by its name made showable',
      problem('/payload/attachments/1/mimetype', 'enum'),
      { key: 'invalidFileType', values: { filename: 'evil.svg' } },
    ],
    [
      'an empty file',
      problem('/payload/attachments/0/content', 'minLength'),
      { key: 'emptyFile', values: { filename: 'a.png' } },
    ],
    ['a control character in the name', problem('/user/name', 'pattern'), { key: 'controlInName', values: {} }],
    [
      'an unknown action, quoted',
      problem('', 'discriminator'),
      { key: 'unknownAction', values: { action: 'chat_facilitator' } },
    ],
    ['a nil request_id', problem('/request_id', 'not'), { key: 'nilRequestId', values: {} }],
    [
      'anything else, with the schema’s own words',
      problem('/payload/attachments/2', 'type'),
      { key: 'invalid', values: { where: 'payload.attachments[2]', problem: 'must be right' } },
    ],
  ])('words %s', (_case, found, reason) => {
    expect(refusalReason(found, QUOTED)).toEqual(reason);
  });

  it('quotes nothing of a body that is no object, and words a problem Ajv gave no message', () => {
    expect(quotedOf(null)).toEqual({ action: undefined, name: undefined, fileNames: [] });
    const bare = { ...problem('/x', 'type'), message: undefined };
    expect(refusalReason(bare, quotedOf([]))).toEqual({
      key: 'invalid',
      values: { where: 'x', problem: 'is not allowed' },
    });
  });
});
