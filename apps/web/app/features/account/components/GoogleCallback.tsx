// The page Google (or its local stand-in) sends the popup back to: hands the fragment to the opener on our
// own origin and closes. Works without the session and renders almost nothing.
import { useEffect, useSyncExternalStore } from 'react';
import {
  GOOGLE_CHANNEL_NAME,
  GOOGLE_MESSAGE_TYPE,
  type GoogleCallbackMessage,
  parseCallback,
} from '../google-popup';

const noSubscription = () => () => undefined;

function openerWindow(): Window | null {
  const opener = window.opener as Window | null;
  return opener && !opener.closed ? opener : null;
}

export function GoogleCallback() {
  const orphan = useSyncExternalStore(
    noSubscription,
    () => openerWindow() === null,
    () => false,
  );
  useEffect(() => {
    const message: GoogleCallbackMessage = {
      type: GOOGLE_MESSAGE_TYPE,
      ...parseCallback(window.location.hash, window.location.search),
    };
    // The token must not linger in the address bar or history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    openerWindow()?.postMessage(message, window.location.origin);
    if (typeof BroadcastChannel === 'function') {
      const channel = new BroadcastChannel(GOOGLE_CHANNEL_NAME);
      channel.postMessage(message);
      channel.close();
    }
    window.close();
  }, []);
  return (
    <p role="status" className="px-4 py-16 text-center text-neutral-600">
      {orphan ? 'This window can be closed.' : 'Signing you in…'}
    </p>
  );
}
