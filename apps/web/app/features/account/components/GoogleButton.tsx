// 'Sign in with Google' (login) / the Google option (signup). Hidden when the server says Google sign-in is
// off; the popup opens inside the click handler itself so browsers do not block it.
import { useEffect, useState } from 'react';
import { accountApi, type GoogleConfig } from '../api';
import { openGooglePopup } from '../google-popup';
import { useSession } from '../session';

let configRequest: Promise<GoogleConfig | null> | null = null;
function loadGoogleConfig(): Promise<GoogleConfig | null> {
  // One request per page load; a failure hides the button rather than offering one that cannot work.
  configRequest ??= accountApi.googleConfig().then(
    (config) => (config.enabled && config.authUrl && config.clientId ? config : null),
    () => {
      configRequest = null;
      return null;
    },
  );
  return configRequest;
}

export function GoogleButton({
  label,
  failureMessage,
  disabled,
  onStart,
  onError,
}: {
  label: string;
  /** What to show when the popup is blocked or closed, or the sign-in fails. */
  failureMessage: string;
  disabled?: boolean;
  onStart?: () => void;
  onError: (message: string) => void;
}) {
  const { signIn } = useSession();
  const [config, setConfig] = useState<GoogleConfig | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    loadGoogleConfig().then((loaded) => {
      if (live) setConfig(loaded);
    });
    return () => {
      live = false;
    };
  }, []);

  // Keeps the layout steady while the configuration loads.
  if (config === undefined) return <div className="h-12" aria-hidden="true" />;
  if (config === null) return null;

  function onClick() {
    if (!config) return;
    onStart?.();
    setBusy(true);
    openGooglePopup(config)
      .then((accessToken) => accountApi.googleLogin(accessToken))
      .then((session) => signIn(session))
      .catch(() => onError(failureMessage))
      .finally(() => setBusy(false));
  }

  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className="flex h-12 w-full items-center justify-center gap-3 rounded-lg border border-black/20 bg-white font-semibold hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-60"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
        <path
          fill="#4285F4"
          d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8z"
        />
        <path
          fill="#34A853"
          d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
        />
        <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
        <path
          fill="#EA4335"
          d="M12 4.8c1.8 0 3.4.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z"
        />
      </svg>
      {label}
    </button>
  );
}
