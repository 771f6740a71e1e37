// The check's HTTP client: a cookie jar, the cross-site request header the
// console sends on non-GET calls (X-XSRF-TOKEN equal to the XSRF-TOKEN
// cookie), a per-request time-out, and the request budget (--max-requests,
// --time-limit). Answers are read as text up to a bound (--max-answer-bytes,
// counted after decompression, so a gzip bomb stops there too); past it the
// rest is not read and the answer says why.
import { XSRF_COOKIE, XSRF_HEADER } from '@userprofile/shared/constants';

export interface Sent {
  method: string;
  /** Path and query, under the target's origin. */
  url: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  /** Leave the session cookie out (public calls, and calls that must not be signed in). */
  anonymous?: boolean;
  /** Sent even when the budget is spent: the clean-up of the records the check created. */
  unbudgeted?: boolean;
}

export interface Received {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Set when the answer was not read whole (past the byte bound): why. The body is then empty. */
  refused?: string;
}

/** What one answer may weigh, inflated, unless --max-answer-bytes says otherwise. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** The check cannot run at all (target unreachable, sign-in refused, bad flags): exit 2. */
export class CannotRun extends Error {}

/** The request budget is spent: the check stops and reports what it has. */
export class BudgetSpent extends Error {}

export interface ClientOptions {
  origin: string;
  timeoutMs: number;
  maxRequests: number;
  /** Epoch ms after which no request starts. */
  deadline: number;
  /** Bytes of one answer read at most (inflated). */
  maxAnswerBytes?: number;
}

export class Client {
  readonly cookies = new Map<string, string>();
  requests = 0;

  constructor(readonly options: ClientOptions) {}

  async send(req: Sent): Promise<Received> {
    if (!req.unbudgeted && this.requests >= this.options.maxRequests)
      throw new BudgetSpent(`--max-requests ${this.options.maxRequests} reached`);
    if (!req.unbudgeted && Date.now() >= this.options.deadline) throw new BudgetSpent('--time-limit reached');
    this.requests++;
    const headers: Record<string, string> = { accept: 'application/json, */*;q=0.5', ...req.headers };
    const xsrf = this.cookies.get(XSRF_COOKIE);
    const jar = [...this.cookies].filter(([name]) => !req.anonymous || name === XSRF_COOKIE);
    if (jar.length > 0) headers.cookie = jar.map(([k, v]) => `${k}=${v}`).join('; ');
    if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method) && xsrf) headers[XSRF_HEADER] = xsrf;
    let res: Response;
    try {
      res = await fetch(this.options.origin + req.url, {
        method: req.method,
        headers,
        body: req.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${this.options.timeoutMs} ms`
          : (cause?.code ?? cause?.message ?? (error as Error).message);
      throw new Error(`${req.method} ${req.url}: ${why}`);
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const headersOf = Object.fromEntries(res.headers);
    const max = this.options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      // fetch inflates gzip, deflate and br as it reads: the bound counts what the check would hold.
      for await (const chunk of (res.body ?? []) as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > max) {
          await res.body?.cancel().catch(() => {});
          return {
            status: res.status,
            headers: headersOf,
            body: '',
            refused: `answer larger than ${max} bytes: not read further`,
          };
        }
        chunks.push(chunk);
      }
    } catch (error) {
      const why =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${this.options.timeoutMs} ms`
          : (error as Error).message;
      throw new Error(`${req.method} ${req.url}: ${why}`);
    }
    const body = new TextDecoder().decode(Buffer.concat(chunks));
    return { status: res.status, headers: headersOf, body };
  }
}
