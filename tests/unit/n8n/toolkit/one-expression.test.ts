import { describe, expect, it } from 'vitest';
import { slackApi } from '../../../../n8n/source/toolkit/io-nodes.ts';
import { item } from '../../../../n8n/source/toolkit/nodes.ts';
import { evaluate as evaluateParameter } from '../support/workflow.ts';

/** An `={{ … }}` parameter evaluated as n8n evaluates it, with `$json` the item's JSON. */
function evaluate(parameter: unknown, $json: unknown): unknown {
  const text = String(parameter);
  expect(text.startsWith('={{ ') && text.endsWith(' }}')).toBe(true);
  // n8n's expression ends at the first "}}": the whole code must be one expression.
  expect(text.indexOf('}}')).toBe(text.length - 2);
  return evaluateParameter(text, $json);
}

describe('nodes whose fields are one expression', () => {
  it("slackApi sends every field in one form, each encoded as n8n's HTTP Request node decodes it", () => {
    const node = slackApi('Post', [0, 0], 'chat.postMessage', {
      channel: '={{ $json.channel }}',
      text: '={{ $json.text }}',
      unfurl_links: 'false',
      cursor: '={{ $json.cursor }}',
      length: '={{ $json.size }}',
    });
    expect(node.parameters).toMatchObject({ contentType: 'form-urlencoded', specifyBody: 'string' });
    const text = 'Asha & Ravi: 50% = "half" + more?\nनमस्ते <#C1>';
    const form = evaluate(node.parameters.body, { channel: '#thrive-asha', text, size: 2048 });
    // What the node sends: Object.fromEntries(new URLSearchParams(body)).
    expect(Object.fromEntries(new URLSearchParams(String(form)))).toEqual({
      channel: '#thrive-asha',
      text,
      unfurl_links: 'false',
      cursor: '',
      length: '2048',
    });
  });

  it('item makes one object of its fields in one expression', () => {
    const node = item('File', [0, 0], { id: '$json.ok === true ? $json.id : ""', size: '$json.bytes.length' });
    expect(node.parameters.mode).toBe('raw');
    expect(evaluate(node.parameters.jsonOutput, { ok: true, id: 'F1', bytes: 'abc' })).toEqual({ id: 'F1', size: 3 });
    expect(evaluate(node.parameters.jsonOutput, { ok: false, bytes: '' })).toEqual({ id: '', size: 0 });
  });

  it('refuses fields that would end the expression early', () => {
    expect(() => slackApi('Post', [0, 0], 'chat.postMessage', { blocks: '={{ [{ a: { b: 1 }}] }}' })).toThrow(/}}/);
    expect(() => item('File', [0, 0], { a: '({ b: { c: 1 }})' })).toThrow(/}}/);
  });
});
