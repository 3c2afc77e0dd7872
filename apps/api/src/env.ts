// The only module that reads process.env. Everything else receives a typed Config.
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(1).max(65535);
const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

const schema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://shop.example.com' }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    EMBEDDED_PG_PORT: port.default(5488),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    CORS_ORIGINS: list.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_PRETTY: bool.default(false),
    TRUST_PROXY: bool.default(false),
    SEED_DEMO: bool.default(true),
    SEED_PRODUCTS: z.coerce.number().int().min(0).max(100000).default(80),
    WARM_MEDIA: bool.default(true),
  })
  .transform((e) => {
    const dataDir = path.resolve(e.DATA_DIR);
    const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
    return {
      port: e.PORT,
      host: e.HOST,
      publicUrl,
      dataDir,
      mediaDir: path.join(dataDir, 'media'),
      databaseUrl: e.DATABASE_URL,
      embeddedPgPort: e.EMBEDDED_PG_PORT,
      embeddedPgDir: path.join(dataDir, 'postgres'),
      dbPoolMax: e.DB_POOL_MAX,
      corsOrigins: e.CORS_ORIGINS ?? [new URL(publicUrl).origin],
      logLevel: e.LOG_LEVEL,
      logPretty: e.LOG_PRETTY,
      trustProxy: e.TRUST_PROXY,
      seedDemo: e.SEED_DEMO,
      seedProducts: e.SEED_PRODUCTS,
      warmMedia: e.WARM_MEDIA,
    };
  });

export type Config = z.output<typeof schema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: Record<string, string> = {}): Config {
  // Empty strings mean "unset": `FOO= npm start` should give the default, not a validation error.
  const given = Object.entries(env).filter(([, v]) => v !== undefined && v !== '');
  const cleaned = { ...defaults, ...Object.fromEntries(given) };
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** A config for tests: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', WARM_MEDIA: 'false', ...overrides });
}
