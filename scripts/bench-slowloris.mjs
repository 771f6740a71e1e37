#!/usr/bin/env node
// Slowloris part of `npm run bench` (the request timeout): opens N
// sockets (BENCH_SOCKETS, default 300) to a fresh contract server, each
// sending the headers of a token request and then trickling its body one
// byte every 10 s, and reports how many the server cuts and after how long,
// and how long a normal request takes meanwhile. Stops when every socket is
// closed or after BENCH_SLOWLORIS_SECONDS (default 100; without the timeout,
// 300 sockets were still open past 95 s).
import net from 'node:net';
import { median, startServer } from './lib/bench-util.mjs';

const SOCKETS = Number(process.env.BENCH_SOCKETS) || 300;
const LIMIT_S = Number(process.env.BENCH_SLOWLORIS_SECONDS) || 100;
const TRICKLE_MS = 10_000;
const PORT = 18_400 + Math.floor(Math.random() * 500);
const BODY_BYTES = 4096;

const server = await startServer({ port: PORT, env: { SEED_USERS: '100' } });
const started = performance.now();
const seconds = () => (performance.now() - started) / 1000;

/** One trickling socket; resolves with when it closed (null: still open at the limit) and the status it got. */
function trickle() {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1');
    let answer = '';
    let timer;
    const finish = (closedAt) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ closedAt, status: /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? null });
    };
    socket.setNoDelay(true);
    socket.on('connect', () => {
      socket.write(
        `POST /userprofile/api/v1/auth/token HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n{`,
      );
      timer = setInterval(() => socket.write(' '), TRICKLE_MS);
    });
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => finish(seconds()));
    setTimeout(() => finish(null), LIMIT_S * 1000);
  });
}

/** A normal request while the sockets trickle: its time in ms. */
async function probe() {
  const t = performance.now();
  const r = await fetch(`${server.origin}/userprofile/config.json`);
  await r.arrayBuffer();
  return performance.now() - t;
}

try {
  const all = Array.from({ length: SOCKETS }, trickle);
  await new Promise((r) => setTimeout(r, 2000));
  const probes = [];
  for (let i = 0; i < 5; i++) probes.push(await probe());
  const results = await Promise.all(all);
  const cut = results.filter((r) => r.closedAt !== null);
  const times = cut.map((r) => r.closedAt);
  const statuses = [...new Set(cut.map((r) => r.status ?? 'no answer'))].join(', ');
  console.log(`slowloris: ${SOCKETS} sockets trickling a request body one byte every ${TRICKLE_MS / 1000} s`);
  console.log(`  cut by the server: ${cut.length} of ${SOCKETS} (answer: ${statuses || '-'})`);
  if (times.length > 0) {
    console.log(
      `  cut after: first ${Math.min(...times).toFixed(1)} s, median ${median(times).toFixed(1)} s, last ${Math.max(...times).toFixed(1)} s`,
    );
  }
  console.log(`  still open after ${LIMIT_S} s: ${SOCKETS - cut.length}`);
  console.log(`  a normal request meanwhile: median ${median(probes).toFixed(1)} ms (5 requests)`);
} finally {
  await server.stop();
}
