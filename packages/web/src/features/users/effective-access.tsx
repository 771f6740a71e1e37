// The user editor's Effective Access tab: per application, the
// roles and elements the user ends up with, each with the path that grants
// it (business profile → application profile), and the visibility the user
// gets, as the server resolves them (GET /user/{uuid}/effectiveAccess). A
// backend without the call (404/405/501) is told apart from a failure. The
// rendering is the kit's (components/ui/effective-access-view.tsx), shared
// with the account page.
import { historyTexts } from '@userprofile/shared/messages';
import { DataState } from '../../components/ui/data-state.tsx';
import { EffectiveAccessView as AccessView } from '../../components/ui/effective-access-view.tsx';
import { LazyTabContent } from '../../components/ui/lazy-tab.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { isNotOffered } from '../../lib/api/errors.ts';
import { useLoad } from '../../lib/use-load.ts';
import { fetchEffectiveAccess } from './api.ts';

export const EFFECTIVE_ACCESS_TAB = 'effectiveAccess';

/**
 * The tab's content (the editor adds the trigger for an existing user).
 * `record` is the editor's loaded user: a new one (after a save) loads again.
 * `links`: the profile names link to their editors (not for SCO_ADMIN, spec §6).
 */
export function EffectiveAccessTabContent(props: {
  uuid: string;
  record: unknown;
  links: boolean;
  layoutCodes: readonly string[];
}) {
  return <LazyTabContent value={EFFECTIVE_ACCESS_TAB}>{() => <EffectiveAccessView {...props} />}</LazyTabContent>;
}

function EffectiveAccessView({
  uuid,
  record,
  links,
  layoutCodes,
}: {
  uuid: string;
  record: unknown;
  links: boolean;
  layoutCodes: readonly string[];
}) {
  // Again for a new record version (after a save) or a Retry.
  const { data: access, error, retry } = useLoad(() => fetchEffectiveAccess(uuid, layoutCodes), record);

  if (isNotOffered(error)) return <Notice status="info">{historyTexts.effectiveAccessNotOffered}</Notice>;
  return (
    <DataState what="the effective access" data={access} error={error} onRetry={retry}>
      {(a) => <AccessView access={a} links={links} layoutCodes={layoutCodes} />}
    </DataState>
  );
}
