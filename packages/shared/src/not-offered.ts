// When an answer says the backend does not offer a call (a spec-only backend): the one
// rule the console (lib/extensions.ts) and the conformance check read. A
// backend without the call answers 404 (a Spring backend's unknown path), 405
// (a path whose template another method of a spec call holds: POST /user/bulk
// against GET /user/{uuid}) or 501. A call made without a token may meet,
// instead, the wall a backend puts before every path it lets no one reach
// anonymously (Spring Security answers 401 before it knows the path), so 401
// and 403 say it too. A backend that serves a web app of its own may answer a
// path it does not have with that app's page, 200: no call of the document
// answers HTML.

/** The statuses that say "not offered" to any caller. */
export const NOT_OFFERED_STATUSES: readonly number[] = [404, 405, 501];

export interface AnswerSeen {
  status: number;
  /** The call is one made without a token (discovery, the key set, the SSO start). */
  withoutToken: boolean;
  contentType?: string | null;
}

/** Whether this answer says the backend does not offer the call. */
export function saysNotOffered({ status, withoutToken, contentType }: AnswerSeen): boolean {
  if (NOT_OFFERED_STATUSES.includes(status)) return true;
  if (withoutToken && (status === 401 || status === 403)) return true;
  return status >= 200 && status < 300 && /\btext\/html\b/i.test(contentType ?? '');
}
