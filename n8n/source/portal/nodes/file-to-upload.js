// File to upload: the chat's next file not yet shared in Slack, as n8n binary data for "Upload file", with the
// address and file id Slack just gave for it. Its content is the base64 "Check request" decoded and checked.
const position = $('Slack so far').first().json.files_shared;
const { content } = $('Webhook').first().json.body.payload.attachments[position];
const { filename, mimetype } = $('Check request').first().json.envelope.payload.attachments[position];
return {
  json: { position, filename, upload_url: $json.upload_url, file_id: $json.file_id },
  binary: { file: { data: content, mimeType: mimetype, fileName: filename } },
};
