// Google sign-in through a popup (OAuth 2 implicit "token" flow), the same code for the local stand-in and
// for Google: the popup comes back to /auth/google/callback, which hands the fragment to this window with
// postMessage (own origin only) and closes. The state value ties the answer to this attempt.
import type { GoogleConfig } from './api';

const GOOGLE_CALLBACK_PATH = '/auth/google/callback';
export const GOOGLE_MESSAGE_TYPE = 'rangrez:google-auth';
/**
 * Second channel from the callback, same origin by construction: a cross-origin-opener policy on the way
 * (Google's pages or ours) can cut the popup off from window.opener, and then only this still arrives.
 */
export const GOOGLE_CHANNEL_NAME = 'rangrez-google-auth';

export interface GoogleCallbackMessage {
  type: typeof GOOGLE_MESSAGE_TYPE;
  accessToken: string | null;
  state: string | null;
  error: string | null;
}

class GooglePopupError extends Error {
  constructor(readonly reason: 'blocked' | 'closed' | 'denied') {
    super(`Google sign-in failed: ${reason}`);
    this.name = 'GooglePopupError';
  }
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function googleAuthUrl(config: Pick<GoogleConfig, 'authUrl' | 'clientId'>, origin: string, state: string) {
  const redirectUri = `${origin}${GOOGLE_CALLBACK_PATH}`;
  return (
    `${config.authUrl}?client_id=${encodeURIComponent(config.clientId)}` +
    `&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=token` +
    `&scope=openid%20email%20profile&state=${state}&prompt=select_account`
  );
}

/** Reads what the provider put in the callback URL (fragment; some errors come in the query). */
export function parseCallback(hash: string, search: string): Omit<GoogleCallbackMessage, 'type'> {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search);
  return {
    accessToken: fragment.get('access_token'),
    state: fragment.get('state') ?? query.get('state'),
    error: fragment.get('error') ?? query.get('error'),
  };
}

function isCallbackMessage(data: unknown): data is GoogleCallbackMessage {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === GOOGLE_MESSAGE_TYPE
  );
}

// A closed popup is noticed by polling (no event exists); the grace lets a message posted just before the
// popup closed itself arrive first.
const CLOSED_POLL_MS = 500;
const CLOSED_GRACE_MS = 2000;

/**
 * Opens the popup. Must be called synchronously inside the click handler, or browsers block the popup.
 * Resolves with the provider's access token.
 */
export function openGooglePopup(config: GoogleConfig, win: Window = window): Promise<string> {
  const state = randomState();
  const width = 500;
  const height = 640;
  const left = Math.max(0, win.screenX + (win.outerWidth - width) / 2);
  const top = Math.max(0, win.screenY + (win.outerHeight - height) / 2);
  const popup = win.open(
    googleAuthUrl(config, win.location.origin, state),
    'rangrez-google-signin',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) return Promise.reject(new GooglePopupError('blocked'));

  return new Promise<string>((resolve, reject) => {
    let done = false;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(GOOGLE_CHANNEL_NAME) : null;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      win.removeEventListener('message', onWindowMessage);
      channel?.close();
      clearInterval(pollTimer);
      clearTimeout(graceTimer);
      outcome();
    };
    const handle = (data: unknown) => {
      if (!isCallbackMessage(data)) return;
      const { accessToken, state: returnedState, error } = data;
      // An answer for another attempt (an older popup) is not ours to act on.
      if (returnedState !== state) return;
      if (error || !accessToken) return finish(() => reject(new GooglePopupError('denied')));
      finish(() => resolve(accessToken));
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === win.location.origin) handle(event.data);
    };
    const pollTimer = setInterval(() => {
      if (!popup.closed || graceTimer) return;
      graceTimer = setTimeout(() => finish(() => reject(new GooglePopupError('closed'))), CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
    win.addEventListener('message', onWindowMessage);
    if (channel) channel.onmessage = (event) => handle(event.data);
  });
}
