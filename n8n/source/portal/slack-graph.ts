/**
 * Slack, between "Next step" and "Send recorded": a chat's message to the facilitator's channel, then each file
 * shared in its thread (files.getUploadURLExternal, the upload, files.completeUploadExternal); or a notice to
 * the staff channel (THRIVE_STAFF_CHANNEL). "Slack so far" reads what Slack already has of the request_id and
 * chooses the next step; each step's result is stored as soon as Slack gives it, by a query that answers the
 * step after it in the same call ("Store post", "Store file", which store nothing of a step Slack refused), so a
 * retry after a failure does only what is left: a request is posted once, and answered 200 only when everything is
 * posted (the query that finds it so records the answer, and "Next Slack step" sends it: done). A failure answers 500.
 * Each step's intent is written before it is taken (a new request's first post by its claim, a later one by "Slack so
 * far"; a file by "Intend share" once Slack gives it an id, or a new chat's first file by its claim), so a
 * retry after an execution died mid-step asks Slack first: the post by its metadata in the channel's history
 * ("Look in channel", "Find post"), the file by its id ("Look at file": shared in the thread already?).
 */
import { resolve } from 'node:path';
import { codeNode } from '../toolkit/code-node.ts';
import { ENV, SLACK_METADATA_EVENT, STAFF_CHANNEL_DEFAULT } from '../toolkit/ids.ts';
import { postgres, slackApi, uploadBytes } from '../toolkit/io-nodes.ts';
import { switchLinks, type Graph } from '../toolkit/links.ts';
import { base64ToFile, env, ifTrue, item, switchOn } from '../toolkit/nodes.ts';
import { outcomeBlocks } from '../slack-actions/blocks.ts';
import { WRITTEN } from './intake-graph.ts';
import { SLACK_STEPS, stepRow } from './slack-steps.ts';
import { INTEND_SHARE, SLACK_SO_FAR, STORE_FILE, STORE_POST } from './sql.ts';

const CHECKED = "$('Check request').first().json";
const SLACK = `${WRITTEN}.slack`;
/** The row a post's lookup runs on, and the one a file's steps run on (a file found not shared is uploaded). */
const FINDING = stepRow('find message', 'find notice');
const FILING = stepRow('file', 'find file');
const FILE = "$('File to upload').first().json";
/**
 * "File to upload" comes from "Post chat" (a new chat's first file, its intent written by the claim: Slack's answer
 * to the post, which has no file_id) or from "Intend share" (any other file: a row with its file_id).
 */
const AFTER_POST = '$json.file_id === undefined';
/** The position of the file "File to upload" makes. */
const POSITION = `(${AFTER_POST} ? 0 : ${FILING}.files_shared)`;
/** The chat's attachment the file steps are at, as "Check request" checked it. */
const ATTACHMENT = `${CHECKED}.envelope.payload.attachments[${FILING}.files_shared]`;
/** The file "Store file" stores: the one uploaded, or (no upload in this execution yet) the one found shared. */
const SHARING = `($('File to upload').isExecuted ? ${FILE} : ${FILING})`;
const FIRST_UPLOAD = "$('First upload URL').first().json";
const FOUND = ['found', 'more', 'post', 'failed'] as const;
const SHARED = ['shared', 'upload', 'failed'] as const;
/** A chat names its facilitator's channel; a notice has none and goes to the staff channel. */
const CHANNEL = `${SLACK}.channel ?? ${env(ENV.staffChannel, STAFF_CHANNEL_DEFAULT)}`;
const REQUEST_ID = `${CHECKED}.record.request_id`;
/** What slack_posts calls the post: a chat's message or a notice. */
const PART = `(${SLACK}.kind === 'chat' ? 'message' : 'notice')`;
/**
 * What thrive.slack_next_step needs to choose the next step: how many files, chat or notice, and the channel; and
 * the answer it records once everything is in Slack.
 */
const NEXT_STEP_OF = `${CHECKED}.envelope.payload.attachments?.length ?? 0, ${SLACK}.kind, ${CHANNEL}, ${WRITTEN}.body`;
/** Is the file "Look at file" asked about shared in the message's thread (files.info: file.shares)? */
const SHARED_IN_THREAD = `Object.values($json.file.shares ?? {}).some((byChannel) => (byChannel[${FILING}.channel_id] ?? []).some((share) => share.thread_ts === ${FILING}.message_ts))`;
/** A chat's message or a notice without buttons, with the metadata a retry finds it by. */
const POST_MESSAGE = {
  channel: `={{ ${CHANNEL} }}`,
  text: `={{ ${SLACK}.text }}`,
  unfurl_links: 'false',
  unfurl_media: 'false',
  metadata: `={{ JSON.stringify({ event_type: '${SLACK_METADATA_EVENT}', event_payload: { request_id: ${REQUEST_ID}, part: ${PART} } }) }}`,
};
/** A step whose failure the workflow answers (500: the portal sends the request again later). */
const FAILURE_OUTPUT = { failureOutput: true };
/**
 * Slack answers its refusals 200 with `ok: false`: "Store post" and "Store file" are given its error ('' when it
 * took the step), store nothing for a refusal and fail, so no If node stands between a step and its storing.
 */
const REFUSAL = "($json.ok === true ? '' : String($json.error ?? 'no answer'))";

export async function slackGraph(): Promise<Graph> {
  return {
    nodes: [
      postgres('Slack so far', [3960, 240], SLACK_SO_FAR, `={{ [ ${REQUEST_ID}, ${NEXT_STEP_OF} ] }}`, FAILURE_OUTPUT),
      switchOn('Next Slack step', [4180, 240], '$json.step', SLACK_STEPS),
      slackApi('Post message', [4400, 80], 'chat.postMessage', POST_MESSAGE),
      // A new chat whose first file's intent its claim wrote: posted, then that file uploaded and shared at once.
      slackApi('Post chat', [4180, -480], 'chat.postMessage', POST_MESSAGE),
      slackApi('Look in channel', [4400, -160], 'conversations.history', {
        channel: `={{ ${FINDING}.look_in }}`,
        oldest: `={{ ${FINDING}.oldest }}`,
        limit: '200',
        include_all_metadata: 'true',
        cursor: "={{ $json.cursor ?? '' }}",
      }),
      await codeNode('Find post', [4620, -160], resolve(import.meta.dirname, 'nodes/find-post.js')),
      switchOn('Posted before?', [4840, -160], '$json.next', FOUND),
      // A reschedule's notice carries the buttons staff answer it with (ThriveSlackActions).
      ifTrue(
        'Buttons?',
        [4290, -320],
        `${SLACK}.kind === 'notice' && ${CHECKED}.envelope.action.startsWith('reschedule_')`,
      ),
      slackApi('Post notice', [4400, -320], 'chat.postMessage', {
        channel: `={{ ${env(ENV.staffChannel, STAFF_CHANNEL_DEFAULT)} }}`,
        text: `={{ ${SLACK}.text }}`,
        blocks: `={{ ${outcomeBlocks(`${SLACK}.text`, `${CHECKED}.record.request_id`)} }}`,
        unfurl_links: 'false',
        unfurl_media: 'false',
        metadata: `={{ JSON.stringify({ event_type: '${SLACK_METADATA_EVENT}', event_payload: { request_id: ${REQUEST_ID}, part: ${PART} } }) }}`,
      }),
      postgres(
        'Store post',
        [4840, 80],
        STORE_POST,
        `={{ [ ${REQUEST_ID}, ${REFUSAL}, $json.channel ?? '', $json.ts ?? '', ${PART}, ${CHECKED}.phoneKey, ${CHECKED}.envelope.payload.message ?? '', ${NEXT_STEP_OF} ] }}`,
        FAILURE_OUTPUT,
      ),
      slackApi('Look at file', [4400, 560], 'files.info', { file: `={{ ${stepRow('find file')}.file_id }}` }),
      switchOn(
        'Shared before?',
        [4620, 560],
        `$json.ok === true ? (${SHARED_IN_THREAD} ? 'shared' : 'upload') : $json.error === 'file_not_found' ? 'upload' : 'failed'`,
        SHARED,
      ),
      // A new chat's first file: its upload address asked for before the claim, which writes the file's intent with
      // the message's (no query of its own). Refused or failed, the chat is claimed all the same and its file asked
      // for after the post.
      slackApi('First upload URL', [1760, 360], 'files.getUploadURLExternal', {
        filename: `={{ ${CHECKED}.envelope.payload.attachments[0].filename }}`,
        length: `={{ ${CHECKED}.envelope.payload.attachments[0].size }}`,
      }),
      slackApi('Get upload URL', [4400, 320], 'files.getUploadURLExternal', {
        filename: `={{ ${ATTACHMENT}.filename }}`,
        length: `={{ ${ATTACHMENT}.size }}`,
      }),
      // The next file's name, type and content, with the address and id Slack gave it, where it is shared, and for a
      // new chat's first file the post before it. An address Slack refused is '', which fails "Upload file"; so is a
      // first file's when Slack refused its post (the retry finds the post's intent and looks for it first).
      item('File to upload', [4620, 320], {
        filename: `${CHECKED}.envelope.payload.attachments[${POSITION}].filename`,
        mimetype: `${CHECKED}.envelope.payload.attachments[${POSITION}].mimetype`,
        content: `$('Webhook').first().json.body.payload.attachments[${POSITION}].content`,
        files_shared: POSITION,
        channel_id: `${AFTER_POST} ? ($json.channel ?? '') : ${FILING}.channel_id`,
        message_ts: `${AFTER_POST} ? ($json.ts ?? '') : ${FILING}.message_ts`,
        file_id: `${AFTER_POST} ? ${FIRST_UPLOAD}.file_id : $json.file_id`,
        upload_url: `${AFTER_POST} ? ($json.ok === true ? ${FIRST_UPLOAD}.upload_url : '') : $json.upload_url`,
        post_ts: `${AFTER_POST} ? ($json.ts ?? '') : ''`,
      }),
      base64ToFile('File bytes', [4840, 320], 'content', 'file', '$json.mimetype'),
      uploadBytes('Upload file', [5060, 320], `={{ ${FILE}.upload_url }}`),
      postgres(
        'Intend share',
        [4510, 480],
        INTEND_SHARE,
        `={{ [ ${REQUEST_ID}, ${FILING}.files_shared, ${FILING}.channel_id, ...($json.ok === true ? [$json.file_id, $json.upload_url] : ['', '']) ] }}`,
        FAILURE_OUTPUT,
      ),
      slackApi('Share file', [5500, 320], 'files.completeUploadExternal', {
        files: `={{ JSON.stringify([{ id: ${FILE}.file_id, title: ${FILE}.filename }]) }}`,
        channel_id: `={{ ${FILE}.channel_id }}`,
        thread_ts: `={{ ${FILE}.message_ts }}`,
      }),
      // Its id as Slack gave it: shared now ("Share file") or before ("Look at file"); a new chat's first file with
      // the post before it.
      postgres(
        'Store file',
        [5940, 480],
        STORE_FILE,
        `={{ [ ${REQUEST_ID}, ${REFUSAL}, ${SHARING}.files_shared, ${SHARING}.channel_id, $json.file?.id ?? $json.files?.[0]?.id ?? '', ${NEXT_STEP_OF}, ${SHARING}.post_ts ?? '', ${CHECKED}.phoneKey, ${CHECKED}.envelope.payload.message ?? '' ] }}`,
        FAILURE_OUTPUT,
      ),
    ],
    links: [
      ['Slack so far', 0, 'Next Slack step'],
      ['Slack so far', 1, 'Step failed'],
      ...switchLinks('Next Slack step', SLACK_STEPS, {
        message: 'Post message',
        'find message': 'Look in channel',
        file: 'Get upload URL',
        'find file': 'Look at file',
        notice: 'Buttons?',
        'find notice': 'Look in channel',
        done: 'Send recorded',
      }),
      ['Look in channel', 0, 'Find post'],
      ['Find post', 0, 'Posted before?'],
      ...switchLinks('Posted before?', FOUND, {
        found: 'Store post',
        more: 'Look in channel',
        post: 'Buttons?',
        failed: 'Step failed',
      }),
      ['Look at file', 0, 'Shared before?'],
      ...switchLinks('Shared before?', SHARED, {
        shared: 'Store file',
        upload: 'Get upload URL',
        failed: 'Step failed',
      }),
      // A reschedule's notice carries the buttons staff answer it with; any other post is text only.
      ['Buttons?', 0, 'Post notice'],
      ['Buttons?', 1, 'Post message'],
      ['Post notice', 0, 'Store post'],
      ['Post message', 0, 'Store post'],
      ['Store post', 0, 'Next Slack step'],
      ['Get upload URL', 0, 'Intend share'],
      ['Intend share', 0, 'File to upload'],
      ['File to upload', 0, 'File bytes'],
      ['File bytes', 0, 'Upload file'],
      ['Upload file', 0, 'Share file'],
      // Refused or failed, the first file's address is asked for again after the post.
      ['First upload URL', 0, 'Claim request_id'],
      ['First upload URL', 1, 'Claim request_id'],
      ['Post chat', 0, 'File to upload'],
      ['Share file', 0, 'Store file'],
      ['Store file', 0, 'Next Slack step'],
      ...(
        [
          ['Look in channel', 1],
          ['Look at file', 1],
          ['Intend share', 1],
          ['Post message', 1],
          ['Post notice', 1],
          ['Store post', 1],
          ['Get upload URL', 1],
          ['Post chat', 1],
          ['Upload file', 1],
          ['Share file', 1],
          ['Store file', 1],
        ] as const
      ).map(([step, output]) => [step, output, 'Step failed'] as const),
    ],
  };
}
