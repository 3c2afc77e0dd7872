// The shape of one call to the API, shared by the admin client (api.ts) and its groups of calls (api-catalogue.ts).

export interface Parser<T> {
  parse(value: unknown): T;
}

export interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send the staff token; a 401 then means the session has ended. Sign-in and invitations send none. */
  signedIn: boolean;
  /** A call to the shop's public API (`/api/v1/...`) rather than the admin API: the category list. */
  shop?: boolean;
  /** How long the call may take, its body included; the API's budget unless said. */
  timeoutMs?: number;
}

/** A call to `/api/v1/admin<path>` with the staff token, its answer parsed with `schema`. */
export type SignedInCall = <T>(
  path: string,
  schema: Parser<T>,
  options?: Omit<Call, 'signedIn'>,
) => Promise<T>;

/** An upload to `/api/v1/admin<path>` with the staff token, reporting progress (transfer.ts). */
export type UploadCall = <T>(
  path: string,
  schema: Parser<T>,
  upload: {
    body: FormData | Blob;
    contentType?: string;
    onProgress?: (sent: number) => void;
    timeoutMs?: number;
  },
) => Promise<T>;
