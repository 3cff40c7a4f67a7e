// The practical limit of this machine for an HTTP answer: a bare `node:http` server, one
// process, answering each route with bytes captured from the real API (status, headers, body).
// A POST reads its whole body before answering, as the API must.
//   node bench/lib/bare-server.mjs <port> <answers.json>
// answers.json: { "GET /api/drinks": { "status": 200, "headers": [[name, value], ...], "body": "<base64>" }, ... }
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([route, a]) => [
    route,
    { status: a.status, headers: a.headers.flat(), body: Buffer.from(a.body, 'base64') },
  ]),
);

const server = createServer((req, res) => {
  const answer = answers.get(`${req.method} ${(req.url ?? '').split('?')[0]}`);
  const send = () => {
    if (!answer) {
      res.writeHead(404, { 'Content-Length': '0' }).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };
  if (req.method === 'GET' || req.method === 'HEAD') {
    send();
    req.resume();
    return;
  }
  /** @type {Buffer[]} */
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    // The body is read in full and parsed, the least any real endpoint does with it.
    try {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      // answered the same either way: the captured answer is what is measured
    }
    send();
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
