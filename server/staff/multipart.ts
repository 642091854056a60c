/**
 * A multipart/form-data body (RFC 7578) as a browser posts a form with a
 * file input, read whole: the staff pages have no script, so a CSV is
 * uploaded this way. Text fields become strings (the CSRF token among
 * them), a file an UploadedFile with its bytes. The body's size is the
 * route's limit, enforced before this runs; a body that is not well formed
 * is refused with a 400.
 */

export class UploadedFile {
  constructor(
    readonly filename: string,
    readonly content: Buffer,
  ) {}
}

export type MultipartFields = Record<string, string | UploadedFile>;

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

const boundaryOf = (contentType: string) =>
  /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType)?.slice(1).find(Boolean);

const parameter = (header: string, name: string) =>
  new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header)?.[1]?.replace(/\\(.)/g, '$1');

/** The fields of the body, or undefined when it is not multipart/form-data as RFC 7578 writes it. */
export function parseMultipart(body: Buffer, contentType: string): MultipartFields | undefined {
  const boundary = boundaryOf(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const partEnd = Buffer.concat([CRLF, delimiter]);
  const fields: MultipartFields = Object.create(null) as MultipartFields;
  let at = body.indexOf(delimiter);
  if (at !== 0) return undefined;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === '--') return fields;
    if (!body.subarray(at, at + 2).equals(CRLF)) return undefined;
    const headersEnd = body.indexOf(HEADER_END, at);
    const next = body.indexOf(partEnd, at);
    if (headersEnd < 0 || next < 0 || headersEnd > next) return undefined;
    const headers = body.subarray(at + 2, headersEnd).toString('utf8');
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? '';
    const name = parameter(disposition, 'name');
    if (name === undefined) return undefined;
    const content = body.subarray(headersEnd + HEADER_END.length, next);
    const filename = parameter(disposition, 'filename');
    fields[name] = filename === undefined ? content.toString('utf8') : new UploadedFile(filename, Buffer.from(content));
    at = next + CRLF.length;
  }
}
