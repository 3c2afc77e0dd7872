// The one admin call that is not JSON: an image upload (POST /admin/media, multipart/form-data). It goes through
// XMLHttpRequest rather than fetch because only XHR reports an upload's progress, which a photo of several
// megabytes on a shop's mobile connection needs. This module only moves bytes; api.ts reads the answer as it
// reads every other one, so the token, the refusal messages and a 401 are handled in one place.

interface UploadAnswer {
  /** 0 when no answer came (offline, the connection dropped, the time ran out). */
  status: number;
  data: unknown;
}

export interface UploadOptions {
  /** The staff token, sent as the JSON calls send it. */
  token: string | null;
  alt?: string | undefined;
  /** The share of the file's bytes sent so far, 0 to 1. */
  onProgress?: ((fraction: number) => void) | undefined;
}

/** Long enough for 20 MB (the API's limit) over a slow mobile connection; a stalled upload still ends. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export function sendFile(
  url: string,
  file: Blob,
  { token, alt, onProgress }: UploadOptions,
): Promise<UploadAnswer> {
  const form = new FormData();
  // The alt text goes first: the server reads the fields in order and the file is streamed.
  if (alt) form.append('alt', alt);
  form.append('file', file);
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      resolve({ status: xhr.status, data });
    });
    const failed = () => resolve({ status: 0, data: undefined });
    xhr.addEventListener('error', failed);
    xhr.addEventListener('timeout', failed);
    xhr.addEventListener('abort', failed);
    xhr.send(form);
  });
}
