// Fake API answers for the web's unit tests, built through the contract's response schemas: the body is typed by
// the schema's input, so a fake the API could not send fails to compile, and it is parsed before it is answered,
// so one that slips past the types (a cast, `unknown`) fails the test. Web and API cannot drift apart with both
// suites green.

/** What the answer helpers need of a schema: zod's parse, and its input type (Standard Schema). */
export interface ResponseSchema<I> {
  parse(value: unknown): unknown;
  '~standard': { types?: { input: I } };
}
type InputOf<S> = S extends ResponseSchema<infer I> ? I : never;

/** An HTTP answer as fetch returns it, with a body the schema accepts. */
export function apiResponse<S extends ResponseSchema<unknown>>(
  schema: S,
  body: InputOf<S>,
  status = 200,
): Response {
  const parsed = schema.parse(body);
  return new Response(JSON.stringify(parsed), { status, headers: { 'content-type': 'application/json' } });
}
