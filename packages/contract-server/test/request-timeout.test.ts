// Request timeout: a request whose body trickles in (slowloris) is
// answered 408 and its socket closed once the request timeout has passed;
// an honest request is not affected. (The production value and the figure for
// 300 sockets: `npm run bench -- slowloris`.)
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { expect, it } from 'vitest';
import { appUnderTest } from './harness.ts';

const TIMEOUT_MS = 1000;
const t = appUnderTest({ requestTimeoutMs: TIMEOUT_MS }, { reseedEach: false });
const port = () => (t.app.server.address() as AddressInfo).port;

/** Sends headers announcing a body, then one byte every `everyMs`; resolves when the server closes the socket. */
function trickle(everyMs: number): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = net.connect(port(), '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(
        `POST /userprofile/api/v1/auth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      );
      timer = setInterval(() => socket.write(' '), everyMs);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, afterMs: performance.now() - started });
    });
  });
}

it('cuts a request body trickled one byte at a time with 408', async () => {
  const { answer, afterMs } = await trickle(200);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(afterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  expect(afterMs).toBeLessThan(TIMEOUT_MS * 3);
}, 10_000);

it('leaves a request that arrives in time alone, however long its answer takes', async () => {
  // The timeout is about receiving the request: a slow answer (here a 2 s fault delay) is not cut.
  const res = await fetch(`http://127.0.0.1:${port()}/userprofile/api/v1/auth/jwks`, {
    headers: { prefer: 'delay=2000' },
  });
  expect(res.status).toBe(200);
}, 10_000);
