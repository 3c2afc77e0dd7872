import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/env.ts';

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.embeddedPgPort).toBe(5488);
    expect(c.corsOrigins).toEqual(['http://localhost:3000']);
    expect(c.seedProducts).toBe(80);
  });

  it('derives the public URL from PORT and strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.in/' }).publicUrl).toBe('https://shop.example.in');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('parses lists and booleans', () => {
    const c = loadConfig({ CORS_ORIGINS: 'https://a.in, https://b.in', TRUST_PROXY: 'true', SEED_DEMO: '0' });
    expect(c.corsOrigins).toEqual(['https://a.in', 'https://b.in']);
    expect(c.trustProxy).toBe(true);
    expect(c.seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ PUBLIC_URL: 'shop' }, 'PUBLIC_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY: must be true or false'],
  ])('stops with a message naming the variable for %o', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});
