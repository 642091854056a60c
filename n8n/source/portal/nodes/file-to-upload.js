// File to upload: the chat's next file not yet shared in Slack, as n8n binary data for "Upload file", with the
// address and file id Slack just gave for it (Slack's refusal fails the step: the portal is answered 500). Its
// content is the base64 "Check request" decoded and checked.
import { SLACK_STEPS } from '../slack-steps.ts';

if ($json.ok !== true) throw new Error(`files.getUploadURLExternal: ${$json.error ?? 'no upload URL'}`);
// The row "Next Slack step" sent on to "Get upload URL": on the output of 'file', or of 'find file' (not shared).
const position = ['file', 'find file']
  .map((step) => $('Next Slack step').first(SLACK_STEPS.indexOf(step)))
  .find(Boolean).json.files_shared;
const { content } = $('Webhook').first().json.body.payload.attachments[position];
const { filename, mimetype } = $('Check request').first().json.envelope.payload.attachments[position];
return {
  json: { position, filename, upload_url: $json.upload_url, file_id: $json.file_id },
  binary: { file: { data: content, mimeType: mimetype, fileName: filename } },
};
