// Start-up configuration (docs/wire-and-errors.md "Calls the spec names without
// showing them", docs/console.md "Start-up"): read once from
// config.json beside index.html before the app renders, so one build deploys
// to any environment.
import type { components } from '@userprofile/shared/generated/api';

/** config.json's shape: StartupConfig of openapi/userprofile.yaml, which the contract server serves too. */
export type AppConfig = components['schemas']['StartupConfig'];

let current: AppConfig | undefined;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function requireString(raw: Record<string, unknown>, key: string): string {
  const value = raw[key];
  if (typeof value !== 'string' || value === '')
    throw new ConfigError(`config.json: '${key}' must be a non-empty string`);
  return value;
}

/** Checks the parsed file; throws a ConfigError naming the first bad key. */
export function parseConfig(raw: unknown): AppConfig {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ConfigError('config.json: expected a JSON object');
  }
  const r = raw as Record<string, unknown>;
  const config: AppConfig = {
    apiBaseUrl: requireString(r, 'apiBaseUrl').replace(/\/+$/, ''),
    headerHost: typeof r.headerHost === 'string' && r.headerHost !== '' ? r.headerHost.replace(/\/+$/, '') : null,
    ssoEnabled: r.ssoEnabled === true,
    ssoAutoRedirect: r.ssoAutoRedirect === true,
    supportEmail: requireString(r, 'supportEmail'),
  };
  if (typeof r.analyticsUrl === 'string' && r.analyticsUrl !== '') config.analyticsUrl = r.analyticsUrl;
  return config;
}

/**
 * Loads `config.json` relative to the document base (`/userprofile/`). A plain
 * request, so it picks up the response index.html preloads; the server marks
 * the file for revalidation (max-age=0), so a replaced file is read at once.
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch, url = `${import.meta.env.BASE_URL}config.json`) {
  const response = await fetchImpl(url);
  if (!response.ok) throw new ConfigError(`config.json: HTTP ${response.status}`);
  current = parseConfig(await response.json());
  return current;
}

export function getConfig(): AppConfig {
  if (!current) throw new ConfigError('config.json has not been loaded');
  return current;
}

/** Test helper: installs a configuration without fetching it. */
export function setConfig(config: AppConfig): void {
  current = config;
}
