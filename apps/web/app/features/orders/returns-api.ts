// A shopper's defect return of a delivered order (docs/api.md#returns): the order's returns and whether one may be
// asked for, the request, and its photo and video uploads with their progress.
import type {
  OrderReturnsResponse,
  ReturnRequestInput,
  ReturnResponse,
  ReturnUploadResponse,
} from '@rangrez/contract/schemas';
import { api } from '../../lib/api';
import { uploadFile } from '../../lib/upload';

const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/returns`;

async function upload(
  orderId: string,
  kind: 'photos' | 'video',
  file: File,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
) {
  const body = new FormData();
  body.append('file', file);
  const answer = await uploadFile<ReturnUploadResponse>(`${orderPath(orderId)}/${kind}`, {
    body,
    onProgress,
    signal,
  });
  return answer.upload;
}

export const returnsApi = {
  ofOrder: (orderId: string, signal?: AbortSignal) =>
    api<OrderReturnsResponse>(orderPath(orderId), { signal }),
  request: (orderId: string, body: ReturnRequestInput) =>
    api<ReturnResponse>(orderPath(orderId), { method: 'POST', body }),
  uploadPhoto: (orderId: string, file: File, onProgress: (sent: number) => void, signal: AbortSignal) =>
    upload(orderId, 'photos', file, onProgress, signal),
  uploadVideo: (orderId: string, file: File, onProgress: (sent: number) => void, signal: AbortSignal) =>
    upload(orderId, 'video', file, onProgress, signal),
};
