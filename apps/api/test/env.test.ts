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

  it('needs every Meta credential with WHATSAPP=meta', () => {
    expect(() => loadConfig({ WHATSAPP: 'meta', WHATSAPP_PHONE_NUMBER_ID: '1' })).toThrow(
      'WHATSAPP_ACCESS_TOKEN: is required when WHATSAPP=meta',
    );
  });

  describe('stand-ins in production', () => {
    const live = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.in' };
    const real = {
      PAYMENTS: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_Abc123',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      FULFILMENT: 'qikink',
      QIKINK_CLIENT_ID: '123',
      QIKINK_CLIENT_SECRET: 'secret',
      GOOGLE_AUTH: 'off',
      WHATSAPP: 'meta',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_ACCESS_TOKEN: 'token',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-token',
    };

    it('refuses every stand-in on a public https address, in one line naming them', () => {
      expect(() => loadConfig(live)).toThrow(
        new ConfigError(
          'Refusing to start: PAYMENTS=sandbox, FULFILMENT=simulated, GOOGLE_AUTH=standin, WHATSAPP=standin would serve ' +
            'a stand-in on the public https://shop.example.in (NODE_ENV=production); configure the real service, or set ' +
            'ALLOW_STANDINS_IN_PRODUCTION=true for a demo.',
        ),
      );
    });

    it.each([
      [{ PAYMENTS: 'sandbox' }, 'Refusing to start: PAYMENTS=sandbox would'],
      [
        { FULFILMENT: 'simulated', QIKINK_CLIENT_ID: '', QIKINK_CLIENT_SECRET: '' },
        'Refusing to start: FULFILMENT=simulated would',
      ],
      [{ GOOGLE_AUTH: 'standin' }, 'Refusing to start: GOOGLE_AUTH=standin would'],
      [{ WHATSAPP: 'standin' }, 'Refusing to start: WHATSAPP=standin would'],
    ])('refuses %o alone among real services', (standin, text) => {
      expect(() => loadConfig({ ...live, ...real, ...standin })).toThrow(text);
    });

    it('starts with the real services, or with stand-ins when allowed, on http, or outside production', () => {
      expect(loadConfig({ ...live, ...real }).payments.provider).toBe('razorpay');
      expect(loadConfig({ ...live, ALLOW_STANDINS_IN_PRODUCTION: 'true' }).payments.provider).toBe('sandbox');
      expect(loadConfig({ ...live, PUBLIC_URL: 'http://127.0.0.1:3000' }).payments.provider).toBe('sandbox');
      expect(loadConfig({ ...live, NODE_ENV: 'development' }).payments.provider).toBe('sandbox');
    });
  });
});
