/**
 * The "One item per file" Code node of a chat: each attachment as an n8n
 * binary item (`file`), for the node that uploads it to the facilitator's
 * channel. Its content is the base64 the "Check request" node already
 * decoded and checked; n8n keeps binary data as exactly that and turns it
 * into bytes when a node sends it.
 */
import type { Attachment } from '../../../src/shared/webhook/types.ts';
import type { Delivery } from './answers.ts';
import type { CheckedRequest } from './outcome.ts';

interface FileMeta {
  filename: string;
  mimetype: string;
  size: number;
}

export interface FileItem {
  json: FileMeta & { request_id: string; channel: string; position: number };
  binary: { file: { data: string; mimeType: string; fileName: string } };
  pairedItem: { item: number };
}

export function filesToDeliver(
  body: { payload: { attachments: Attachment[] } },
  check: CheckedRequest,
  delivery: Delivery,
): FileItem[] {
  const files = (check.record.payload as { attachments: FileMeta[] }).attachments;
  return files.map((file, position) => ({
    json: {
      request_id: check.record.request_id,
      channel: delivery.channel,
      position,
      filename: file.filename,
      mimetype: file.mimetype,
      size: file.size,
    },
    binary: {
      file: {
        data: body.payload.attachments[position]?.content ?? '',
        mimeType: file.mimetype,
        fileName: file.filename,
      },
    },
    pairedItem: { item: 0 },
  }));
}
