// Application info (spec §3, "from a cache"): fetched once per page load
// for the shared header and analytics.
import { api } from '../lib/api/client.ts';
import type { ApplicationInfo } from './shared-header.ts';

let cached: Promise<ApplicationInfo | null> | null = null;

export function loadApplicationInfo(): Promise<ApplicationInfo | null> {
  cached ??= api()
    .GET('/api/v1/applicationInfo')
    .then(({ data }) => data ?? null)
    .catch((error: unknown) => {
      console.error('GET /applicationInfo failed', error);
      cached = null;
      return null;
    });
  return cached;
}
