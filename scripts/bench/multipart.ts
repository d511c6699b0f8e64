import { randomBytes } from 'node:crypto';

export interface MultipartFraming {
  /** The text fields and the file part's headers, sent before the file's bytes. */
  head: Buffer;
  /** The closing boundary, sent after them. */
  tail: Buffer;
  contentType: string;
  /** The whole body's length for a file of `fileBytes`: known up front, so no chunked encoding. */
  contentLength(fileBytes: number): number;
}

const SAFE_TOKEN = /^[\w.-]+$/;

/**
 * multipart/form-data framing around one file whose bytes are streamed from disk between `head` and `tail`.
 * Text fields come first: the server reads them before the file (plugins/uploads.ts).
 */
export function multipartFraming(input: {
  fields: Record<string, string>;
  fileField: string;
  filename: string;
  fileContentType?: string;
  boundary?: string;
}): MultipartFraming {
  const boundary = input.boundary ?? `----tidemark-bench-${randomBytes(12).toString('hex')}`;
  for (const name of [...Object.keys(input.fields), input.fileField, input.filename]) {
    // Names are written inside quoted header parameters; keep them to characters that need no escaping.
    if (!SAFE_TOKEN.test(name)) throw new Error(`unsafe multipart name: ${JSON.stringify(name)}`);
  }
  if (!/^[\w'()+,./:=?-]{1,70}$/.test(boundary)) throw new Error('invalid multipart boundary');
  let head = '';
  for (const [name, value] of Object.entries(input.fields)) {
    if (value.includes(`--${boundary}`)) throw new Error(`field ${name} contains the boundary`);
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name="${input.fileField}"; filename="${input.filename}"\r\n` +
    `Content-Type: ${input.fileContentType ?? 'text/csv'}\r\n\r\n`;
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    head: headBytes,
    tail: tailBytes,
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: (fileBytes) => headBytes.length + fileBytes + tailBytes.length,
  };
}
