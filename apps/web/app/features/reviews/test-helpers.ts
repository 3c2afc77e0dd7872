// Test doubles for the review feature's unit tests: an XMLHttpRequest the test answers by hand (uploads report
// progress through it), and reviews and photos as the API answers them.
import type { OwnReview, ReviewPhoto } from '@rangrez/contract/schemas';

interface ProgressEvent {
  lengthComputable: boolean;
  loaded: number;
  total: number;
}

/** Stands in for XMLHttpRequest: each request waits in `FakeXhr.requests` until the test answers it. */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

export function makePhoto(n: number): ReviewPhoto {
  return {
    _id: `0b7c7a52-7f5e-4d0c-9d0a-00000000000${n}`,
    url: `https://shop.test/media/${String(n).repeat(32).slice(0, 32)}-540.jpg`,
    width: 640,
    height: 800,
  };
}

export function makeOwnReview(overrides: Partial<OwnReview> = {}): OwnReview {
  return {
    _id: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
    rating: 4,
    comment: 'Soft cotton, the print is still sharp.',
    status: 'pending',
    rejectionReason: null,
    reply: null,
    verified: true,
    photos: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
