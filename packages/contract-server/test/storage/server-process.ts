// The dev backend as `npm start` runs it (the dev-backend command in a process of its
// own), for the tests that kill it with SIGKILL; and the console's sign-in
// over HTTP against it (login, authorize, token exchange).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSOLE_CLIENT, ORIGIN, PASSWORD, pkce } from '../auth/harness.ts';
import { freePort } from '../free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * Starts the dev-backend command on DATA_DIR `dataDir` and a free port; resolves once it listens and has printed its
 * whole start block, or once it has exited (refused to start) with all its output.
 */
export async function startServer(dataDir: string, args: string[] = []): Promise<ServerProcess> {
  // The free port may be taken by another process before the server binds it: then again on another.
  for (let attempt = 1; ; attempt++) {
    const server = await startOnce(dataDir, args, await freePort());
    const code = await Promise.race([server.exited, Promise.resolve('running' as const)]);
    if (code === 'running' || attempt === 3 || !server.output().includes('EADDRINUSE')) return server;
  }
}

async function startOnce(dataDir: string, args: string[], port: number): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    // tsx as a loader, not its CLI (which runs the server in a child process a SIGKILL would not reach).
    ['--import', 'tsx', path.join(root, 'packages/dev-backend/src/cli.ts'), ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_USERS: '40',
        // The console client's registered redirect target is under ORIGIN, whatever port the process listens on.
        PUBLIC_ORIGIN: ORIGIN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  // Resolved once the start block is printed whole: its last line is the mock control API's,
  // after the `Data: ... (seeded | loaded N users ...)` line (packages/dev-backend/src/cli.ts), so a caller reads all of it.
  let printed: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    printed = resolve;
  });
  const take = (d: Buffer) => {
    out += d;
    if (/Mock control API[^\n]*\n/.test(out)) printed();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  // 'close', not 'exit': it comes once the output pipes are drained, so output() holds everything it printed.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  await Promise.race([ready, exited]);
  return { origin, child, output: () => out, exited };
}

/** The console's sign-in over HTTP; answers the headers of an API call as the signed-in console makes it. */
export async function signIn(origin: string, username: string) {
  return (await signInWithCode(origin, username)).headers;
}

/** signIn, with the authorization code it redeemed and its PKCE verifier (to try the code again). */
export async function signInWithCode(origin: string, username: string) {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf) headers.set('x-xsrf-token', xsrf);
    const res = await fetch(`${origin}${url}`, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, value] = (pair as string).split('=') as [string, string];
      cookies.set(name, value);
    }
    return res;
  };
  await send('/userprofile/api/v1/auth/frontendconfig');
  const login = await send('/userprofile/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORD }).toString(),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  const { verifier, challenge } = pkce();
  const authorize = await send('/userprofile/api/v1/auth/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      authorizeRequest: {
        client_id: CONSOLE_CLIENT.uuid,
        redirect_uri: CONSOLE_CLIENT.allowedRedirectTarget,
        response_type: 'code',
        scope: 'openid',
        state: 'st4te',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
    }),
  });
  if (authorize.status !== 200) throw new Error(`authorize: ${authorize.status} ${await authorize.text()}`);
  const code = new URL(((await authorize.json()) as { redirectUrl: string }).redirectUrl).searchParams.get('code');
  const token = await send('/userprofile/api/v1/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      client_id: CONSOLE_CLIENT.uuid,
      code,
      code_verifier: verifier,
    }),
  });
  if (token.status !== 200) throw new Error(`token: ${token.status} ${await token.text()}`);
  const xsrf = cookies.get('XSRF-TOKEN') as string;
  const accessToken = ((await token.json()) as { access_token: string }).access_token;
  /** Headers of an API call as the console makes it: the browser sends its cookies (the token is bound to the session). */
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    headers: { authorization: `Bearer ${accessToken}`, cookie, 'x-xsrf-token': xsrf },
    code: code as string,
    verifier,
  };
}
