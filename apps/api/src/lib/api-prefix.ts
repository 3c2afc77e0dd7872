// Where the JSON API answers (docs/api.md): registered under it, documented from it, and given the API's own
// security headers by it. Never a page, a script or anything a browser renders.
export const API_PREFIX = '/api/v1';
