// PostgreSQL error codes the app reacts to. Drizzle wraps the driver's error; the code sits on its cause.

/** A unique constraint refused the row (SQLSTATE 23505), optionally a given constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const { code, constraint: name } = (e ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || name === constraint);
}
