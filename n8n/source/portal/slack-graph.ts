/**
 * Slack, between "Next step" and "Record answer": a chat's message to the facilitator's channel, then each file
 * shared in its thread (files.getUploadURLExternal, the upload, files.completeUploadExternal); or a notice to
 * the staff channel (THRIVE_STAFF_CHANNEL). Each step's result is stored per request_id as soon as Slack gives
 * it, and "Slack so far" reads them back to choose the next step, so a retry after a failure does only what is
 * left: a request is posted once, and answered 200 only when everything is posted. A failure answers 500.
 */
import { resolve } from 'node:path';
import { codeNode } from '../toolkit/code-node.ts';
import { ENV, STAFF_CHANNEL_DEFAULT } from '../toolkit/ids.ts';
import { postgres, slackApi, uploadBytes } from '../toolkit/io-nodes.ts';
import { switchLinks, type Graph } from '../toolkit/links.ts';
import { env, ifTrue, switchOn } from '../toolkit/nodes.ts';
import { outcomeBlocks } from '../slack-actions/blocks.ts';
import { SLACK_SO_FAR, STORE_FILE, STORE_POST } from './sql.ts';

const CHECKED = "$('Check files').first().json";
const SLACK = "$('Write answer').first().json.slack";
const SO_FAR = "$('Slack so far').first().json";
const FILE = "$('File to upload').first().json";
const STEPS = ['message', 'file', 'notice', 'done'] as const;
/** A step whose failure the workflow answers (500: the portal sends the request again later). */
const FAILURE_OUTPUT = { failureOutput: true };

export async function slackGraph(): Promise<Graph> {
  return {
    nodes: [
      postgres(
        'Slack so far',
        [3960, 240],
        SLACK_SO_FAR,
        `={{ [ ${CHECKED}.record.request_id, ${CHECKED}.envelope.payload.attachments?.length ?? 0, ${SLACK}.kind ] }}`,
        FAILURE_OUTPUT,
      ),
      switchOn('Next Slack step', [4180, 240], '$json.step', STEPS),
      // A chat names its facilitator's channel; a notice has none and goes to the staff channel.
      slackApi('Post message', [4400, 80], 'chat.postMessage', {
        channel: `={{ ${SLACK}.channel ?? ${env(ENV.staffChannel, STAFF_CHANNEL_DEFAULT)} }}`,
        text: `={{ ${SLACK}.text }}`,
        unfurl_links: 'false',
        unfurl_media: 'false',
      }),
      // A reschedule's notice carries the buttons staff answer it with (ThriveSlackActions).
      ifTrue(
        'Buttons?',
        [4290, 0],
        `${SLACK}.kind === 'notice' && ${CHECKED}.envelope.action.startsWith('reschedule_')`,
      ),
      slackApi('Post notice', [4400, -80], 'chat.postMessage', {
        channel: `={{ ${env(ENV.staffChannel, STAFF_CHANNEL_DEFAULT)} }}`,
        text: `={{ ${SLACK}.text }}`,
        blocks: `={{ ${outcomeBlocks(`${SLACK}.text`, `${CHECKED}.record.request_id`)} }}`,
        unfurl_links: 'false',
        unfurl_media: 'false',
      }),
      ifTrue('Posted?', [4620, 80], '$json.ok === true'),
      postgres(
        'Store post',
        [4840, 80],
        STORE_POST,
        `={{ [ ${CHECKED}.record.request_id, $json.channel, $json.ts, ${SLACK}.kind === 'chat' ? 'message' : 'notice', ${CHECKED}.phoneKey, ${CHECKED}.envelope.payload.message ?? '' ] }}`,
        FAILURE_OUTPUT,
      ),
      slackApi('Get upload URL', [4400, 320], 'files.getUploadURLExternal', {
        filename: `={{ ${CHECKED}.envelope.payload.attachments[$json.files_shared].filename }}`,
        length: `={{ ${CHECKED}.envelope.payload.attachments[$json.files_shared].size }}`,
      }),
      ifTrue('Got upload URL?', [4620, 320], '$json.ok === true'),
      await codeNode('File to upload', [4840, 320], resolve(import.meta.dirname, 'nodes/file-to-upload.js')),
      uploadBytes('Upload file', [5060, 320], '={{ $json.upload_url }}'),
      slackApi('Share file', [5280, 320], 'files.completeUploadExternal', {
        files: `={{ JSON.stringify([{ id: ${FILE}.file_id, title: ${FILE}.filename }]) }}`,
        channel_id: `={{ ${SO_FAR}.channel_id }}`,
        thread_ts: `={{ ${SO_FAR}.message_ts }}`,
      }),
      ifTrue('Shared?', [5500, 320], '$json.ok === true'),
      postgres(
        'Store file',
        [5720, 480],
        STORE_FILE,
        `={{ [ ${CHECKED}.record.request_id, ${FILE}.position, ${SO_FAR}.channel_id, ${FILE}.file_id ] }}`,
        FAILURE_OUTPUT,
      ),
    ],
    links: [
      ['Slack so far', 0, 'Next Slack step'],
      ['Slack so far', 1, 'Step failed'],
      ...switchLinks('Next Slack step', STEPS, {
        message: 'Post message',
        file: 'Get upload URL',
        notice: 'Buttons?',
        done: 'Record answer',
      }),
      ['Buttons?', 0, 'Post notice'],
      ['Buttons?', 1, 'Post message'],
      ['Post notice', 0, 'Posted?'],
      ['Post message', 0, 'Posted?'],
      ['Posted?', 0, 'Store post'],
      ['Store post', 0, 'Slack so far'],
      ['Get upload URL', 0, 'Got upload URL?'],
      ['Got upload URL?', 0, 'File to upload'],
      ['File to upload', 0, 'Upload file'],
      ['Upload file', 0, 'Share file'],
      ['Share file', 0, 'Shared?'],
      ['Shared?', 0, 'Store file'],
      ['Store file', 0, 'Slack so far'],
      ...(
        [
          ['Post message', 1],
          ['Post notice', 1],
          ['Posted?', 1],
          ['Store post', 1],
          ['Get upload URL', 1],
          ['Got upload URL?', 1],
          ['Upload file', 1],
          ['Share file', 1],
          ['Shared?', 1],
          ['Store file', 1],
        ] as const
      ).map(([step, output]) => [step, output, 'Step failed'] as const),
    ],
  };
}
