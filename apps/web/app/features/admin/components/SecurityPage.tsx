// /admin/security: two-factor sign-in for the member's own account (docs/admin.md#sign-in). The set-up shows the
// new secret as a QR code and as text, takes one code from the authenticator to confirm it, then shows the 10
// recovery codes, once.
import { zodResolver } from '@hookform/resolvers/zod';
import { STAFF_MESSAGES } from '@rangrez/contract/rules/staff-roles';
import { type TotpSetupResponse, totpConfirmBodySchema } from '@rangrez/contract/schemas/admin';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '../api';
import { useAdminSession } from '../session';
import { Notice, PageHeading, TextField, buttonClass } from './ui';

/**
 * The server's SVG as an image: an <img> never runs what an SVG document might contain, unlike SVG markup put
 * into the page. The page's content security policy allows data: images.
 */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function SecurityPage() {
  const { staff, setStaff } = useAdminSession();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <>
      <PageHeading title="Security">Two-factor sign-in for {staff.email}.</PageHeading>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : staff.totpEnabled ? (
        <p className="rounded-xl border border-black/10 bg-white p-4">
          Two-factor sign-in is on. If you lose your authenticator and your recovery codes, ask an owner to
          reset it.
        </p>
      ) : (
        <TotpSetup
          onConfirmed={(codes) => {
            setRecoveryCodes(codes);
            setStaff({ ...staff, totpEnabled: true, mustEnrolTotp: false });
          }}
        />
      )}
    </>
  );
}

function TotpSetup({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { staff, api } = useAdminSession();
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    setError(null);
    try {
      setSetup(await api.startTotpSetup());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  if (setup) return <ConfirmSetup setup={setup} onConfirmed={onConfirmed} />;
  return (
    <section className="flex flex-col items-start gap-4 rounded-xl border border-black/10 bg-white p-4 sm:p-6">
      {staff.mustEnrolTotp ? (
        <Notice notice={{ kind: 'error', text: STAFF_MESSAGES.enrolmentRequired }} />
      ) : null}
      <p>
        Two-factor sign-in asks for a code from an authenticator app on your phone (Google Authenticator,
        Microsoft Authenticator, 1Password...) each time you sign in, after your password.
      </p>
      <Notice notice={error ? { kind: 'error', text: error } : null} />
      <button type="button" onClick={() => void start()} disabled={busy} className={buttonClass}>
        Set up two-factor sign-in
      </button>
    </section>
  );
}

function ConfirmSetup({
  setup,
  onConfirmed,
}: {
  setup: TotpSetupResponse;
  onConfirmed: (codes: string[]) => void;
}) {
  const { api } = useAdminSession();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(totpConfirmBodySchema),
    defaultValues: { code: '' },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      onConfirmed((await api.confirmTotp(code)).recoveryCodes);
    } catch (e) {
      setError('code', { message: errorText(e) });
    }
  });
  return (
    <section
      className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
      aria-labelledby="totp-setup-heading"
    >
      <h2 id="totp-setup-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        Add the shop to your authenticator app
      </h2>
      <div className="mt-4 flex flex-col gap-6 sm:flex-row">
        <img
          src={svgImage(setup.qrSvg)}
          alt="QR code to scan with your authenticator app"
          width={192}
          height={192}
          className="h-48 w-48 shrink-0 rounded-lg border border-black/10 bg-white p-2"
        />
        <div className="min-w-0 text-sm">
          <p>Scan the QR code, or enter this key in the app by hand:</p>
          <dl className="mt-2">
            <dt className="font-semibold">Set-up key</dt>
            <dd>
              <code className="block rounded bg-neutral-100 p-2 font-mono text-base break-all select-all">
                {setup.secret}
              </code>
            </dd>
          </dl>
          <p className="mt-2">
            On this phone?{' '}
            <a href={setup.otpauthUrl} className="font-semibold underline underline-offset-2">
              Open it in your authenticator app
            </a>
            .
          </p>
        </div>
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Confirm two-factor sign-in"
        className="mt-6 flex max-w-xs flex-col gap-4"
      >
        <TextField
          id="totp-code"
          label="6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...register('code')}
        />
        <button type="submit" disabled={isSubmitting} className={buttonClass}>
          Turn on two-factor sign-in
        </button>
      </form>
    </section>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6"
      aria-labelledby="recovery-heading"
    >
      <h2 id="recovery-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        Two-factor sign-in is on. Store these recovery codes now
      </h2>
      <p className="mt-2 text-sm">
        They are shown only this once. Keep them somewhere safe, away from your phone: each one signs you in
        once in place of a code if you lose your authenticator.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
    </section>
  );
}
