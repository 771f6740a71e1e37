// A spec-only backend of another make: not our dev backend with
// EXTENSIONS=off, but a front over a backend that keeps the data, answering
// the calls it does not have the way other stacks do:
// - a sign-in wall, as Spring Security puts before every path it does not let
//   anyone reach: a caller without a token the backend accepts gets 401,
//   whatever the path (discovery included); the sign-in calls under
//   /api/v1/auth/ are open to all;
// - a GET of a path it does not have answers its web app's page, 200 (a
//   backend that serves a single-page app of its own);
// - a POST whose path template another method of a spec call holds answers
//   405 (POST /user/bulk against GET /user/{uuid}, the impact previews against
//   DELETE /profile/{kind}/{uuid});
// - the rest 404 with Spring's JSON body;
// - no ETag goes out, no If-Match is heeded.
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXTENSIONS } from '@userprofile/shared/generated/extensions';

const templates = EXTENSIONS.map((e) => ({
  method: e.method as string,
  path: new RegExp(`^(/userprofile)?${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));
/** Paths anyone may reach: the sign-in and password calls, and everything outside the API but discovery. */
const open = (path: string) =>
  !path.includes('/.well-known/') &&
  (!path.startsWith('/userprofile/api/') || /^\/userprofile\/api\/v1\/(auth|password)\//.test(path));

export interface ForeignBackend {
  origin: string;
  /** What the front answered in the backend's place: "METHOD /path status". */
  answered: string[];
  stop(): Promise<void>;
}

const spring = (status: number, error: string, path: string) => ({
  status,
  type: 'application/json',
  body: JSON.stringify({ timestamp: new Date().toISOString(), status, error, path }),
});

export async function startForeignBackend(target: string): Promise<ForeignBackend> {
  const answered: string[] = [];
  const accepted = new Set<string>();
  /** Whether the backend takes this Authorization (asked once per token, as a resource server verifies it). */
  const signedIn = async (authorization: string | undefined): Promise<boolean> => {
    if (!authorization) return false;
    if (accepted.has(authorization)) return true;
    const me = await fetch(`${target}/userprofile/api/v1/me`, { headers: { authorization } });
    await me.body?.cancel();
    if (me.ok) accepted.add(authorization);
    return me.ok;
  };

  /** The answer a backend without the call gives, by its make. */
  const refusal = async (req: IncomingMessage, method: string, path: string) => {
    if (!open(path) && !(await signedIn(req.headers.authorization))) return spring(401, 'Unauthorized', path);
    if (method === 'POST' && /\/(user\/bulk|profile\/(app|business)\/impact)$/.test(path))
      return spring(405, 'Method Not Allowed', path);
    if (method === 'GET' && !open(path))
      return { status: 200, type: 'text/html', body: '<!doctype html><html><body><div id="app"></div></body></html>' };
    return spring(404, 'Not Found', path);
  };

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://front').pathname;
    const method = req.method ?? 'GET';
    if (path.includes('/.well-known/') || templates.some((t) => t.method === method && t.path.test(path))) {
      const { status, type, body } = await refusal(req, method, path);
      answered.push(`${method} ${path} ${status}`);
      req.resume();
      res.writeHead(status, { 'Content-Type': type, ...(status === 405 ? { Allow: 'GET' } : {}) });
      res.end(body);
      return;
    }
    const headers = { ...req.headers };
    delete headers['if-match'];
    const upstream = forward(`${target}${req.url}`, { method, headers }, async (answer) => {
      // The wall stands before a path the backend does not have, too.
      if (answer.statusCode === 404 && !open(path) && !(await signedIn(req.headers.authorization))) {
        answer.resume();
        const { status, type, body } = spring(401, 'Unauthorized', path);
        answered.push(`${method} ${path} ${status}`);
        res.writeHead(status, { 'Content-Type': type });
        res.end(body);
        return;
      }
      const back = { ...answer.headers };
      delete back.etag;
      res.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(String(error));
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    answered,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
