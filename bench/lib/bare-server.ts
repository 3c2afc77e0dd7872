// The baseline of `npm run bench:api`: a bare node:http server answering one fixed body (the app's own answer,
// byte for byte, with its content type). Run as a child process so it has a process of its own, like the app.
// Started by bare.ts; tells its parent the port over IPC.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.env.BARE_BODY_FILE ?? '');
const headers = {
  'content-type': process.env.BARE_CONTENT_TYPE ?? 'application/json; charset=utf-8',
  'content-length': String(body.length),
};

const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('SIGINT', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
