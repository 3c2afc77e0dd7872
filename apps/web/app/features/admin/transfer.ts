// Uploads with progress (docs/admin.md#images, #csv-import-and-export): fetch cannot report how much of a request
// body has been sent, XMLHttpRequest can, so the image upload and the CSV import go through it. The answer comes
// back as fetch's would (status and parsed JSON), for the admin client to check like any other call.
import { API_TIMEOUT_MS } from '@rangrez/contract/rules/constants';

/** Share of the body sent, 0 to 1. */
type UploadProgress = (sent: number) => void;

/** A large upload on a slow line takes longer than an ordinary call: four times the API's budget. */
const UPLOAD_TIMEOUT_MS = API_TIMEOUT_MS * 4;

/**
 * The product CSV, both ways (docs/admin.md#csv-import-and-export): the whole catalogue is a file of 10 MB or more
 * (a minute on a 2 Mbit/s line), and an import of 100,000 rows is checked and written for tens of seconds after
 * its last byte is sent. Past the budget the page says the call failed, while an import may yet commit.
 */
export const BULK_TRANSFER_TIMEOUT_MS = 5 * 60_000;

interface Upload {
  url: string;
  body: FormData | Blob;
  /** Left out for FormData: the browser writes the multipart boundary itself. */
  contentType?: string;
  token: string | null;
  onProgress?: UploadProgress;
  /** How long the whole call may take, the server's answer included. */
  timeoutMs?: number;
}

interface Uploaded {
  /** 0 when the request did not reach the server. */
  status: number;
  data: unknown;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function uploadWithProgress({
  url,
  body,
  contentType,
  token,
  onProgress,
  timeoutMs = UPLOAD_TIMEOUT_MS,
}: Upload): Promise<Uploaded> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (contentType) xhr.setRequestHeader('content-type', contentType);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.timeout = timeoutMs;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      onProgress?.(1);
      resolve({ status: xhr.status, data: parsed(xhr.responseText) });
    };
    const failed = () => resolve({ status: 0, data: undefined });
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = failed;
    xhr.send(body);
  });
}
