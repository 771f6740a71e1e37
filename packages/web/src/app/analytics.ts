// Analytics (spec §7 "Other"): the site id from application info and the
// username as custom dimension 4. The command queue is the classic
// analytics.js one (`ga('create', id)`, `ga('set', 'dimension4', user)`),
// filled even when no script URL is configured, so a tag loaded by the host
// page later still receives it. The script itself loads only from
// config.json's optional `analyticsUrl`: nothing is fetched from third
// parties by default.
import type { ApplicationInfo } from './shared-header.ts';

type Command = unknown[];
interface QueueFunction {
  (...args: Command): void;
  q?: Command[];
  l?: number;
}

declare global {
  interface Window {
    ga?: QueueFunction;
  }
}

let done = false;

export function setUpAnalytics(info: ApplicationInfo | null | undefined, analyticsUrl: string | undefined): void {
  if (done || !info?.gaSiteId) return;
  done = true;
  if (!window.ga) {
    const queue: QueueFunction = (...args: Command) => {
      queue.q ??= [];
      queue.q.push(args);
    };
    queue.l = Date.now();
    window.ga = queue;
  }
  window.ga('create', info.gaSiteId, 'auto');
  window.ga('set', 'dimension4', info.username);
  window.ga('send', 'pageview');
  if (analyticsUrl) {
    const el = document.createElement('script');
    el.async = true;
    el.src = analyticsUrl;
    document.head.append(el);
  }
}
