// A return's short video: uploaded as soon as it is picked, with its progress; too large a file is refused before a
// byte is sent, in the server's words.
import { RETURN_MESSAGES, RETURN_VIDEO_MAX_BYTES } from '@rangrez/contract/rules/returns';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { returnsApi } from './returns-api';

export interface VideoState {
  status: 'none' | 'uploading' | 'done' | 'failed';
  sent: number;
  id: string | null;
  name: string;
  error: string | null;
}

const NONE: VideoState = { status: 'none', sent: 0, id: null, name: '', error: null };

export function useVideoUpload(orderId: string) {
  const [video, setVideo] = useState<VideoState>(NONE);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  return {
    video,
    pick(file: File) {
      running.current?.abort();
      if (file.size > RETURN_VIDEO_MAX_BYTES) {
        setVideo({ ...NONE, status: 'failed', name: file.name, error: RETURN_MESSAGES.videoTooLarge });
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setVideo({ ...NONE, status: 'uploading', name: file.name });
      returnsApi
        .uploadVideo(orderId, file, (sent) => setVideo((v) => ({ ...v, sent })), controller.signal)
        .then(
          (upload) => setVideo((v) => ({ ...v, status: 'done', sent: 1, id: upload._id })),
          (error: unknown) => {
            if (controller.signal.aborted) return;
            const text = error instanceof ApiError ? error.message : NETWORK_MESSAGES.requestFailed;
            setVideo((v) => ({ ...v, status: 'failed', error: text }));
          },
        );
    },
    clear() {
      running.current?.abort();
      setVideo(NONE);
    },
  };
}
