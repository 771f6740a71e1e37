// GET /__mock/ready: the readiness signal scripts and test runners wait on
// instead of a sleep or a grepped log line. It answers 200 {"ready":true} only
// once everything a first request needs is loaded (the document's routes, the
// data and the console's files are, before the server listens; the signing key
// may still be in the making after it), and 503 while anything is not: before
// that, and while a reset replaces the data. Not behind the mock guard and not
// switched off with the mock control API: it tells nothing but that.

import { MOCK_PREFIX } from '@userprofile/shared/constants';
import type { FastifyInstance } from 'fastify';

export const READY_PATH = `${MOCK_PREFIX}/ready`;

export interface Readiness {
  /** Resolves once every awaited part is loaded; rejects with the first that failed. */
  ready: Promise<void>;
  isReady(): boolean;
  /** Marks the server not ready while `work` runs (a reset). */
  during<T>(work: () => Promise<T>): Promise<T>;
}

/** Registers GET /__mock/ready, ready once each of `parts` (named, for the 503's body) has settled. */
export function registerReadiness(app: FastifyInstance, parts: Record<string, Promise<unknown>>): Readiness {
  const waiting = new Set(Object.keys(parts));
  let busy = 0;
  const ready = Promise.all(
    Object.entries(parts).map(([name, part]) => part.then(() => void waiting.delete(name))),
  ).then(() => undefined);
  // Awaited by whoever starts the server; a failure here is theirs to report, never an unhandled rejection.
  ready.catch(() => undefined);
  const isReady = () => waiting.size === 0 && busy === 0;

  app.get(READY_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (isReady()) return { ready: true };
    return reply.code(503).send({ ready: false, waiting: busy > 0 ? ['reset', ...waiting] : [...waiting] });
  });

  return {
    ready,
    isReady,
    async during(work) {
      busy++;
      try {
        return await work();
      } finally {
        busy--;
      }
    },
  };
}
