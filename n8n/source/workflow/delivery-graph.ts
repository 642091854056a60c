/**
 * Chat delivery, between "Chat?" and "Record answer": the message to the
 * facilitator's channel, then each file into its thread. Slack through the
 * "Thrive Slack bot" credential; or, when THRIVE_CHAT_RELAY_URL is set (and
 * n8n lets expressions read it: N8N_BLOCK_ENV_ACCESS_IN_NODE=false), an HTTP
 * endpoint instead, which is how the tests watch what a facilitator would get.
 * A failed post releases the claim and answers 500, so the portal retries.
 */
import { ALL_FILES_SENT, type CodeBodies } from './code-nodes.ts';
import type { Graph } from './graph.ts';
import { code, httpPost, ifTrue, slack } from './nodes.ts';

/** '' when the variable is unset or n8n blocks expressions from reading the environment. */
const RELAY_URL = "(() => { try { return $env.THRIVE_CHAT_RELAY_URL || '' } catch (error) { return '' } })()";
const DELIVERY = "$('Answered?').first().json.delivery";
const REQUEST_ID = "$('Check request').first().json.record.request_id";
const SLACK_POST = "$('Post message to Slack').first().json";

export function deliveryGraph(bodies: CodeBodies): Graph {
  return {
    nodes: [
      ifTrue('Relay set?', [2600, 400], `${RELAY_URL} !== ''`),
      httpPost('Post message to relay', [2860, 320], `={{ ${RELAY_URL} }}/messages`, {
        json: `={{ JSON.stringify({ request_id: ${REQUEST_ID}, channel: ${DELIVERY}.channel, text: ${DELIVERY}.text }) }}`,
      }),
      slack('Post message to Slack', [2860, 500], {
        resource: 'message',
        operation: 'post',
        select: 'channel',
        channelId: { __rl: true, mode: 'name', value: `={{ ${DELIVERY}.channel }}` },
        messageType: 'text',
        text: `={{ ${DELIVERY}.text }}`,
        otherOptions: { includeLinkToWorkflow: false },
      }),
      ifTrue('Has files?', [3120, 400], `${DELIVERY}.files > 0`),
      code('One item per file', [3380, 560], bodies.files, false),
      ifTrue('Files to relay?', [3640, 560], `${RELAY_URL} !== ''`),
      httpPost(
        'Upload file to relay',
        [3900, 480],
        `={{ ${RELAY_URL} }}/files`,
        { binary: 'file' },
        {
          'X-Thrive-Request-Id': '={{ $json.request_id }}',
          'X-Thrive-Channel': '={{ $json.channel }}',
          'X-Thrive-File-Name': '={{ encodeURIComponent($json.filename) }}',
        },
      ),
      slack('Upload file to Slack', [3900, 660], {
        resource: 'file',
        operation: 'upload',
        binaryPropertyName: 'file',
        options: {
          channelId: `={{ ${SLACK_POST}.channel }}`,
          threadTs: `={{ ${SLACK_POST}.ts }}`,
          fileName: '={{ $json.filename }}',
        },
      }),
      code('All files sent', [4160, 560], ALL_FILES_SENT, false),
    ],
    links: [
      ['Chat?', 0, 'Relay set?'],
      ['Relay set?', 0, 'Post message to relay'],
      ['Relay set?', 1, 'Post message to Slack'],
      ['Post message to relay', 0, 'Has files?'],
      ['Post message to Slack', 0, 'Has files?'],
      ['Has files?', 0, 'One item per file'],
      ['Has files?', 1, 'Record answer'],
      ['One item per file', 0, 'Files to relay?'],
      ['Files to relay?', 0, 'Upload file to relay'],
      ['Files to relay?', 1, 'Upload file to Slack'],
      ['Upload file to relay', 0, 'All files sent'],
      ['Upload file to Slack', 0, 'All files sent'],
      ['All files sent', 0, 'Record answer'],
      ...['Post message to relay', 'Post message to Slack', 'Upload file to relay', 'Upload file to Slack'].map(
        (step) => [step, 1, 'Give up'] as const,
      ),
    ],
  };
}
