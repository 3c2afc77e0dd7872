// A file upload with progress for the shop (review photos, a defect return's photos and video): fetch cannot report how much of a request body has been
// sent, XMLHttpRequest can. Otherwise it behaves as the API client (lib/api.ts): the bearer token, one refresh and
// retry after a 401, 'No internet connection' offline, and the server's message on a refusal. The back office has
// its own uploader (features/admin/transfer.ts): the shop and the back office share no module
// (docs/decisions/025-back-office-chunks.md).
import { API_TIMEOUT_MS } from '@rangrez/contract/rules/constants';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { ApiError } from './api';
import { authHooks } from './auth-hooks';

/** Share of the body sent, 0 to 1. */
export type UploadProgress = (sent: number) => void;

interface UploadOptions {
  body: FormData;
  onProgress: UploadProgress;
  signal: AbortSignal;
}

interface Answer {
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

function send(
  url: string,
  token: string | null,
  { body, onProgress, signal }: UploadOptions,
): Promise<Answer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    // A photo from a phone on a slow line takes longer than an ordinary call: four times the API's budget.
    xhr.timeout = API_TIMEOUT_MS * 4;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, data: parsed(xhr.responseText) });
    const failed = () => resolve({ status: 0, data: undefined });
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = failed;
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function messageOf(data: unknown): string {
  return data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
    ? data.message
    : NETWORK_MESSAGES.requestFailed;
}

/** POSTs `body` to `/api/v1${path}` and answers the parsed JSON; throws ApiError as the API client does. */
export async function uploadFile<T>(path: string, options: UploadOptions): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(0, NETWORK_MESSAGES.offline);
  }
  const url = `/api/v1${path}`;
  const token = authHooks()?.accessToken() ?? null;
  let answer = await send(url, token, options);
  if (answer.status === 401 && token && (await authHooks()?.refresh(token))) {
    options.onProgress(0);
    answer = await send(url, authHooks()?.accessToken() ?? null, options);
  }
  if (answer.status >= 200 && answer.status < 300) {
    options.onProgress(1);
    return answer.data as T;
  }
  throw new ApiError(answer.status, messageOf(answer.data), answer.data);
}
