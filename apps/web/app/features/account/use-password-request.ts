// One password call at a time, with what the page says afterwards: the server's message on success (role=status)
// or on failure (role=alert), or 'No internet connection' style texts from the API client as they come.
import { useState } from 'react';
import { ApiError } from '../../lib/api';

export interface PasswordRequest {
  busy: boolean;
  done: string | null;
  failed: string | null;
  run: (call: () => Promise<{ message: string }>) => Promise<void>;
  clearFailure: () => void;
}

export function usePasswordRequest(fallback: string): PasswordRequest {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  async function run(call: () => Promise<{ message: string }>) {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    try {
      setDone((await call()).message);
    } catch (error) {
      setFailed(error instanceof ApiError && error.message ? error.message : fallback);
    } finally {
      setBusy(false);
    }
  }
  return { busy, done, failed, run, clearFailure: () => setFailed(null) };
}
