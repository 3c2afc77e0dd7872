// The account calls (docs/api.md#accounts), typed by the contract.
import type {
  AddressResponse,
  AddressesResponse,
  AuthSession,
  RefreshTokenResponse,
  SuccessMessageResponse,
  UserResponse,
} from '@rangrez/contract/schemas';
import { api } from '../../lib/api';

export interface GoogleConfig {
  enabled: boolean;
  clientId: string;
  authUrl: string;
}

export const accountApi = {
  login: (body: { email: string; password: string }) =>
    api<AuthSession>('/login', { method: 'POST', body, auth: false }),
  signup: (body: { firstName: string; lastName: string; email: string; password: string; phone: string }) =>
    api<AuthSession>('/signup', { method: 'POST', body, auth: false }),
  googleLogin: (accessToken: string) =>
    api<AuthSession>('/google-login', { method: 'POST', body: { access_token: accessToken }, auth: false }),
  googleConfig: () => api<GoogleConfig>('/auth/google/config', { auth: false }),
  refresh: (refreshToken: string) =>
    api<RefreshTokenResponse>('/refresh-token', { method: 'POST', body: { refreshToken }, auth: false }),
  logout: ({ accessToken, refreshToken }: { accessToken: string; refreshToken: string }) =>
    api<unknown>('/logout', {
      method: 'POST',
      body: { refreshToken },
      headers: { authorization: `Bearer ${accessToken}` },
      auth: false,
    }),
  user: (id: string, signal?: AbortSignal) =>
    api<UserResponse>(`/user/${encodeURIComponent(id)}`, { signal }),
  updateUser: (id: string, changes: Record<string, unknown>) =>
    api<UserResponse>(`/user/update/${encodeURIComponent(id)}`, { method: 'PUT', body: changes }),
  forgotPassword: (email: string) =>
    api<SuccessMessageResponse>('/password/forgot', { method: 'POST', body: { email }, auth: false }),
  resetPassword: (body: { token: string; password: string }) =>
    api<SuccessMessageResponse>('/password/reset', { method: 'POST', body, auth: false }),
  changePassword: (body: { currentPassword: string; password: string }) =>
    api<SuccessMessageResponse>('/password/change', { method: 'POST', body }),
  /** The address book (docs/accounts.md#address-book). */
  addresses: (signal?: AbortSignal) => api<AddressesResponse>('/addresses', { signal }),
  makeDefaultAddress: (id: string) =>
    api<AddressResponse>(`/addresses/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { isDefault: true },
    }),
  deleteAddress: (id: string) =>
    api<SuccessMessageResponse>(`/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
