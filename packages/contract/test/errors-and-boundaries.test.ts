import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  errorBody,
  errorCodeForStatus,
  errorMessageOf,
  errorResponseSchema,
  isErrorResponse,
  statusForErrorCode,
} from '../src/errors.ts';
import * as schemas from '../src/schemas/index.ts';

describe('error shape', () => {
  it('is { success: false, message } and strips anything else', () => {
    expect(errorResponseSchema.parse({ success: false, message: 'Nope', stack: 'at x' })).toEqual({
      success: false,
      message: 'Nope',
    });
    expect(errorBody('Not found')).toEqual({ success: false, message: 'Not found' });
    expect(isErrorResponse({ success: false, message: 'x' })).toBe(true);
    expect(isErrorResponse({ success: true, message: 'x' })).toBe(false);
  });

  it('maps codes and statuses', () => {
    expect(statusForErrorCode('BAD_REQUEST')).toBe(400);
    expect(statusForErrorCode('UNAUTHORIZED')).toBe(401);
    expect(statusForErrorCode('FORBIDDEN')).toBe(403);
    expect(statusForErrorCode('CONFLICT')).toBe(409);
    expect(statusForErrorCode('RATE_LIMITED')).toBe(429);
    expect(errorCodeForStatus(404)).toBe('NOT_FOUND');
    expect(errorCodeForStatus(418)).toBe('BAD_REQUEST');
    expect(errorCodeForStatus(504)).toBe('INTERNAL');
  });

  it('reads the server message or falls back', () => {
    expect(errorMessageOf({ success: false, message: 'User not found' }, 'Request failed')).toBe(
      'User not found',
    );
    expect(errorMessageOf({ success: false, message: '' }, 'Request failed')).toBe('Request failed');
    expect(errorMessageOf('oops', 'Request failed')).toBe('Request failed');
  });
});

describe('package boundaries', () => {
  const rulesDir = join(import.meta.dirname, '../src/rules');

  it('no file under src/rules imports zod (the browser bundle imports rules)', () => {
    const files = readdirSync(rulesDir).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = readFileSync(join(rulesDir, file), 'utf8');
      // Neither zod itself nor anything outside src/rules (schemas and errors import zod).
      expect(source, file).not.toMatch(/\bfrom\s*['"](?:zod|\.\.\/)|import\(\s*['"](?:zod|\.\.\/)/);
    }
  });

  it('no request schema is strict: unknown fields are stripped, never rejected', () => {
    for (const [name, value] of Object.entries(schemas)) {
      if (value instanceof z.ZodObject) {
        expect(value.def.catchall, name).toBeUndefined();
      }
    }
  });
});
