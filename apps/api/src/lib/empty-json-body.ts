// Clients send DELETE /cart and DELETE /wishlist/clear without a body but often with a JSON content type
// (a shared axios/fetch wrapper sets it on every call). Fastify answers such requests 400 'Request body is empty';
// inside the plugin that calls this, an empty JSON body reads as no body instead. Anything else still goes
// through Fastify's own JSON parser (prototype-poisoning checks included).
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(req, body as string, done);
  });
}
