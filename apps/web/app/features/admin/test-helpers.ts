// Test doubles for the back office's unit tests: staff as the API describes them, a fake admin API behind fetch
// whose answers go through the contract's schemas (lib/test-helpers.ts), and pages rendered inside the admin
// session, in a router.
import { errorResponseSchema } from '@rangrez/contract/errors';
import { ROLE_PERMISSIONS, type StaffRole } from '@rangrez/contract/rules/staff-roles';
import type { StaffMember, StaffSelf } from '@rangrez/contract/schemas/admin';
import { render } from '@testing-library/react';
import { type ComponentType, createElement } from 'react';
import { createRoutesStub, useLocation } from 'react-router';
import { vi } from 'vitest';
import { apiResponse } from '../../lib/test-helpers';
import { AdminSessionProvider } from './session';

export function makeStaff(role: StaffRole = 'owner', overrides: Partial<StaffSelf> = {}): StaffSelf {
  return {
    _id: '3f0c1a52-8a47-4d0e-9b1e-2a7c5d9e6f10',
    email: `${role}@rangrez.test`,
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
    totpEnabled: true,
    mustEnrolTotp: false,
    ...overrides,
  };
}

export function makeMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    _id: '7d1e2f30-4b5c-4d6e-8f70-91a2b3c4d5e6',
    email: 'meera@rangrez.test',
    role: 'catalogue',
    status: 'active',
    totpEnabled: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  };
}

export const errorAnswer = (message: string, status: number) =>
  apiResponse(errorResponseSchema, { success: false, message }, status);

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

/**
 * Stubs fetch with `answer`, which gets each call (the path after /api/v1/admin, with its query) and returns the
 * Response; every call is also recorded in the array returned.
 */
export function fakeAdminApi(answer: (call: FakeCall) => Response): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const call: FakeCall = {
        method: init.method ?? 'GET',
        path: url.replace(/^\/api\/v1\/admin/, ''),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        authorization: headers.get('authorization'),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

function SignInStub() {
  const { search } = useLocation();
  return createElement('h1', null, `Sign-in page ${search}`);
}

/** Renders `Page` at `path` inside the admin session of `staff`, in a router that also has the sign-in page. */
export function renderInSession(Page: ComponentType, staff: StaffSelf, path = '/admin/page') {
  const Stub = createRoutesStub([
    {
      path,
      Component: () => createElement(AdminSessionProvider, { staff, children: createElement(Page) }),
    },
    { path: '/admin/login', Component: SignInStub },
  ]);
  return render(createElement(Stub, { initialEntries: [path] }));
}
