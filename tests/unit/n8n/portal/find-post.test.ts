import { describe, expect, it } from 'vitest';
import { SLACK_METADATA_EVENT } from '../../../../n8n/source/toolkit/ids.ts';
import { runNode } from '../support/workflow.ts';

const REQUEST_ID = '2c6a4f0e-5f7a-4b8e-9d2f-3b1e0c9a7d11';
const earlier = (step: string) => ({
  'Next Slack step': { step, look_in: 'C00000001' },
  'Check request': { record: { request_id: REQUEST_ID } },
});
const message = (ts: string, payload?: Record<string, unknown>) => ({
  type: 'message',
  ts,
  text: 'Message from …',
  ...(payload && { metadata: { event_type: SLACK_METADATA_EVENT, event_payload: payload } }),
});

/**
 * "Find post", on a page of conversations.history: a retry after a crash stores the post it finds by its
 * metadata, or pages on, or posts; a lookup Slack refused fails the step rather than posting blind.
 */
describe('the Find post Code node', () => {
  it("finds this request's post by its metadata, not another request's or another part's", async () => {
    const page = {
      ok: true,
      messages: [
        message('1700000003.000100', { request_id: 'another-request', part: 'message' }),
        message('1700000002.000100', { request_id: REQUEST_ID, part: 'notice' }),
        message('1700000001.000100', { request_id: REQUEST_ID, part: 'message' }),
        message('1700000000.000100'),
      ],
      has_more: false,
    };
    expect(await runNode('Find post', page, earlier('find message'))).toEqual({
      next: 'found',
      ok: true,
      channel: 'C00000001',
      ts: '1700000001.000100',
    });
    expect(await runNode('Find post', page, earlier('find notice'))).toMatchObject({ ts: '1700000002.000100' });
  });

  it('asks for the next page while Slack has more, then posts when no page has it', async () => {
    const page = (cursor: string) => ({
      ok: true,
      messages: [message('1700000000.000100', { request_id: 'another-request', part: 'message' })],
      has_more: cursor !== '',
      response_metadata: { next_cursor: cursor },
    });
    expect(await runNode('Find post', page('bmV4dA=='), earlier('find message'))).toEqual({
      next: 'more',
      cursor: 'bmV4dA==',
    });
    expect(await runNode('Find post', page(''), earlier('find message'))).toEqual({ next: 'post' });
  });

  it('fails the step when Slack refused the lookup', async () => {
    expect(await runNode('Find post', { ok: false, error: 'missing_scope' }, earlier('find message'))).toEqual({
      next: 'failed',
      error: 'missing_scope',
    });
  });
});
