// The back office's client of /api/v1/admin (docs/admin.md#the-admin-api), and of the shop's public category list
// the product form offers: the staff token goes as a bearer, every answer is parsed with the contract's schema,
// and a 401 to a signed-in call ends the session in this tab too.
// The token lives in sessionStorage, not localStorage: it is gone when the tab closes, and a back-office session
// is not shared with other tabs or with the shop's own sign-in.
import { errorResponseSchema } from '@rangrez/contract/errors';
import { API_TIMEOUT_MS } from '@rangrez/contract/rules/constants';
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import {
  type AdminSessionBody,
  type InvitationAcceptBody,
  type StaffInviteBody,
  type StaffUpdateBody,
  adminSessionResponseSchema,
  auditListResponseSchema,
  invitationResponseSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffSelfResponseSchema,
  totpConfirmResponseSchema,
  totpSetupResponseSchema,
} from '@rangrez/contract/schemas/admin';
import { adminMediaResponseSchema } from '@rangrez/contract/schemas/admin-media';
import { successMessageResponseSchema } from '@rangrez/contract/schemas/basics';
import { subcategoriesResponseSchema } from '@rangrez/contract/schemas/catalogue';
import type { Call, Parser, SignedInCall, UploadCall } from './api-call';
import { booksCalls } from './api-books';
import { catalogueCalls } from './api-catalogue';
import { codCalls } from './api-cod';
import { orderCalls } from './api-orders';
import { dashboardCalls } from './api-dashboard';
import { deliveryCalls } from './api-delivery';
import { promotionCalls } from './api-promotions';
import { returnCalls } from './api-returns';
import { settingsCalls } from './api-settings';
import { searchCalls } from './api-search';
import { backInStockCalls } from './api-back-in-stock';
import { subscriberCalls } from './api-subscribers';
import { slideCalls } from './api-slides';
import { BULK_TRANSFER_TIMEOUT_MS, uploadWithProgress } from './transfer';

const API = '/api/v1';
const ADMIN_API = `${API}/admin`;
const TOKEN_KEY = 'rangrez.adminToken';

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** The message to show for a failed call: the server's own words when it sent some. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : NETWORK_MESSAGES.requestFailed;
}

function tabStorage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.sessionStorage ?? null;
  } catch {
    // Storage disabled by the browser: the member signs in again on each page load.
    return null;
  }
}

export const adminToken = (): string | null => tabStorage()?.getItem(TOKEN_KEY) ?? null;
export const saveAdminToken = (token: string): void => tabStorage()?.setItem(TOKEN_KEY, token);
export const clearAdminToken = (): void => tabStorage()?.removeItem(TOKEN_KEY);

function failedToConnect(): AdminApiError {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return new AdminApiError(0, offline ? NETWORK_MESSAGES.offline : NETWORK_MESSAGES.requestFailed);
}

async function send(
  path: string,
  { method = 'GET', body, signedIn, shop, timeoutMs = API_TIMEOUT_MS }: Call,
): Promise<Response> {
  const token = signedIn ? adminToken() : null;
  try {
    return await fetch(`${shop ? API : ADMIN_API}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        // Fastify refuses an empty body announced as JSON (the 2FA set-up and sign-out send none).
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw failedToConnect();
  }
}

/**
 * The answer's data when the call succeeded, parsed with `schema`; otherwise the server's refusal, thrown. A 401
 * to a signed-in call (`signedOut` given) drops the tab's token and runs `signedOut`.
 */
function settle<T>(status: number, data: unknown, schema: Parser<T>, signedOut: (() => void) | null): T {
  if (status >= 200 && status < 300) return schema.parse(data);
  if (status === 0) throw failedToConnect();
  const failure = errorResponseSchema.safeParse(data);
  const message = failure.success ? failure.data.message : NETWORK_MESSAGES.requestFailed;
  if (status === 401 && signedOut) {
    clearAdminToken();
    signedOut();
  }
  throw new AdminApiError(status, message);
}

/** The file name of `Content-Disposition: attachment; filename="..."`. */
function attachmentName(header: string | null): string | null {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;
}

/** An answer that is a file, not JSON: only its failures are read. */
const NO_JSON: Parser<never> = {
  parse: () => {
    throw new AdminApiError(0, NETWORK_MESSAGES.requestFailed);
  },
};

/** The staff list, invitations, roles, two-factor resets and the audit trail. */
function staffCalls(signedIn: SignedInCall) {
  return {
    staff: () => signedIn('/staff', staffListResponseSchema),
    invite: (body: StaffInviteBody) =>
      signedIn('/staff', staffMemberResponseSchema, { method: 'POST', body }),
    updateStaff: (id: string, body: StaffUpdateBody) =>
      signedIn(`/staff/${encodeURIComponent(id)}`, staffMemberResponseSchema, { method: 'PATCH', body }),
    /** The member's own audit entries, newest first. */
    staffTimeline: (id: string) =>
      signedIn(`/staff/${encodeURIComponent(id)}/timeline`, auditListResponseSchema),
    resetTwoFactor: (id: string) =>
      signedIn(`/staff/${encodeURIComponent(id)}/reset-2fa`, staffMemberResponseSchema, { method: 'POST' }),
    /** `query` as auditQueryString builds it. */
    audit: (query: string) => signedIn(`/audit?${query}`, auditListResponseSchema),
  };
}

/**
 * The admin API's calls. `onSignedOut` runs when a signed-in call answers 401 (signed out elsewhere, session
 * expired, role changed, account disabled), after the token has been dropped; the call still fails.
 */
export function createAdminApi(onSignedOut: () => void = () => undefined) {
  async function call<T>(path: string, schema: Parser<T>, options: Call): Promise<T> {
    const res = await send(path, options);
    const data: unknown = await res.json().catch(() => undefined);
    return settle(res.status, data, schema, options.signedIn ? onSignedOut : null);
  }
  const uploaded: UploadCall = async (path, schema, upload) => {
    const url = `${ADMIN_API}${path}`;
    const { status, data } = await uploadWithProgress({ ...upload, url, token: adminToken() });
    return settle(status, data, schema, onSignedOut);
  };
  /** A signed-in download (the CSV export): the file and the name the server gives it, if any. */
  async function download(path: string): Promise<{ file: Blob; name: string | null }> {
    // The signal also bounds reading the body: a file of the whole catalogue gets a file's budget.
    const res = await send(path, { signedIn: true, timeoutMs: BULK_TRANSFER_TIMEOUT_MS });
    if (res.ok)
      return { file: await res.blob(), name: attachmentName(res.headers.get('content-disposition')) };
    const data: unknown = await res.json().catch(() => undefined);
    return settle(res.status, data, NO_JSON, onSignedOut);
  }
  const open = <T>(path: string, schema: Parser<T>, body: unknown) =>
    call(path, schema, { method: 'POST', body, signedIn: false });
  const signedIn: SignedInCall = (path, schema, options = {}) =>
    call(path, schema, { ...options, signedIn: true });

  return {
    signIn: (body: AdminSessionBody) => open('/session', adminSessionResponseSchema, body),
    invitation: (token: string) => open('/invitations/lookup', invitationResponseSchema, { token }),
    acceptInvitation: (body: InvitationAcceptBody) =>
      open('/invitations/accept', adminSessionResponseSchema, body),
    session: () => signedIn('/session', staffSelfResponseSchema),
    signOut: () => signedIn('/session', successMessageResponseSchema, { method: 'DELETE' }),
    startTotpSetup: () => signedIn('/2fa/setup', totpSetupResponseSchema, { method: 'POST' }),
    confirmTotp: (code: string) =>
      signedIn('/2fa/confirm', totpConfirmResponseSchema, { method: 'POST', body: { code } }),
    ...staffCalls(signedIn),
    /** The shop's categories, public like the storefront's menu: the product form's category choices. */
    subcategories: () =>
      call('/subcategories', subcategoriesResponseSchema, { signedIn: false, shop: true }).then(
        (answer) => answer.data,
      ),
    ...catalogueCalls(signedIn, uploaded),
    ...slideCalls(signedIn, uploaded),
    exportProducts: () => download('/products/export.csv'),
    /** POST /media: one image, multipart, with its alt text; `onProgress` follows its bytes. The stored image. */
    uploadMedia: async (file: Blob, options: { alt?: string; onProgress?: (sent: number) => void } = {}) => {
      const body = new FormData();
      // The alt text goes first: the server reads the fields in order and the file is streamed.
      if (options.alt) body.append('alt', options.alt);
      body.append('file', file);
      const { onProgress } = options;
      return (
        await uploaded('/media', adminMediaResponseSchema, { body, ...(onProgress ? { onProgress } : {}) })
      ).media;
    },
    ...settingsCalls(signedIn),
    ...orderCalls(signedIn),
    /** `query` as orderQueryString builds it, without a cursor or limit: every order the filters select. */
    exportOrders: (query: string) => download(`/orders/export.csv?${query}`),
    /** An order's GST invoice, or one of its credit notes by number, as a PDF (docs/gst.md#downloads). */
    taxDocument: (orderId: string, creditNote?: string) =>
      download(
        `/orders/${encodeURIComponent(orderId)}/${
          creditNote ? `credit-notes/${encodeURIComponent(creditNote.replaceAll('/', '-'))}` : 'invoice'
        }`,
      ),
    ...returnCalls(signedIn),
    ...promotionCalls(signedIn),
    /** A promotion's batch of single-use codes as CSV. */
    exportPromotionCodes: (id: string) => download(`/promotions/${encodeURIComponent(id)}/codes.csv`),
    ...subscriberCalls(signedIn),
    ...searchCalls(signedIn),
    ...backInStockCalls(signedIn),
    ...dashboardCalls(signedIn),
    ...deliveryCalls(signedIn),
    ...codCalls(signedIn),
    /** `query` as subscriberQueryString builds it, without an offset: every subscriber the filters select. */
    exportSubscribers: (query: string) => download(`/subscribers.csv?${query}`),
    ...booksCalls(signedIn, download),
    /** A return's video evidence, fetched with the staff token (a video element cannot send one). */
    returnVideo: async (returnId: string, evidenceId: string) =>
      (await download(`/returns/${encodeURIComponent(returnId)}/evidence/${encodeURIComponent(evidenceId)}`))
        .file,
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;
