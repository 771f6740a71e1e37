// The account page (/account): every signed-in person's, administrator or
// not. Who you are, your second factors, your password, your sessions and
// what you may use, each section from its own call (all extensions). On a
// backend that offers none of them (spec §7 only) it shows who you are from
// GET /me, the reset mail for a new password, and says plainly what this
// backend does not offer; nothing there is an error.
import { Box, Heading, Stack } from '@chakra-ui/react';
import { roleRank } from '@userprofile/shared/constants';
import type { ReactNode } from 'react';
import { DataState } from '../../components/ui/data-state.tsx';
import { EffectiveAccessView } from '../../components/ui/effective-access-view.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Screen } from '../../components/ui/page.tsx';
import { TermList } from '../../components/ui/term-list.tsx';
import { isNotOffered } from '../../lib/api/errors.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { type Loaded, useLoad } from '../../lib/use-load.ts';
import { whoRows } from './account-model.ts';
import { type Account, fetchAccount, fetchAccountAccess } from './api.ts';
import { FactorsSection } from './factors-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { accountTexts as t } from './texts.ts';

const ACCESS_WORDS = { inactive: t.inactive, withheld: t.withheld, noBusinessProfile: t.noBusinessProfile };

export function AccountScreen() {
  const me = useSession((s) => s.user);
  const role = roleOf(me);
  const account = useLoad(fetchAccount, 'account');
  const specOnly = isNotOffered(account.error);
  const known = account.data ?? null;

  return (
    <Screen title={t.title} subtitle={me?.username ?? undefined}>
      <Stack gap="8" maxW="5xl" data-account>
        {role === null ? <Notice status="info">{t.notAdministrator}</Notice> : null}
        {specOnly ? <Notice status="info">{t.specOnly}</Notice> : null}
        <Section id="who" heading={t.whoHeading}>
          {specOnly || known ? (
            <TermList
              rows={whoRows(known, me)}
              labelWidth="10rem"
              rowGap={{ base: '0.5', sm: '2' }}
              wrapAnywhere
              data-who
            />
          ) : (
            <DataState what="your account" data={known} error={account.error} onRetry={account.retry}>
              {() => null}
            </DataState>
          )}
        </Section>
        {specOnly ? null : (
          <Section id="factors" heading={t.factorsHeading}>
            <DataState what="your second factors" data={known} error={account.error} onRetry={account.retry}>
              {(a) => <FactorsSection account={a} onChange={account.retry} />}
            </DataState>
          </Section>
        )}
        <Section id="password" heading={t.passwordHeading}>
          {specOnly || known ? (
            <PasswordSection username={known?.username ?? me?.username ?? ''} email={known?.email ?? null} />
          ) : null}
        </Section>
        <Section id="sessions" heading={t.sessionsHeading}>
          {specOnly ? <Notice status="info">{t.sessionsNotOffered}</Notice> : <SessionsSection />}
        </Section>
        <Section id="access" heading={t.accessHeading}>
          {specOnly ? (
            <Notice status="info">{t.accessNotOffered}</Notice>
          ) : (
            <AccessSection
              account={account}
              layoutCodes={me?.layoutCode ?? []}
              links={roleRank(role) >= roleRank('ADMIN')}
            />
          )}
        </Section>
      </Stack>
    </Screen>
  );
}

function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  const headingId = `account-${id}`;
  return (
    <Box as="section" aria-labelledby={headingId} data-section={id}>
      <Heading as="h2" size="md" id={headingId} mb="3">
        {heading}
      </Heading>
      {children}
    </Box>
  );
}

/** Asked once the account has answered (a backend without it has none of this either). */
function AccessSection({
  account,
  layoutCodes,
  links,
}: {
  account: Loaded<Account>;
  layoutCodes: readonly string[];
  links: boolean;
}) {
  const access = useLoad(account.data ? fetchAccountAccess : null, 'access');
  if (isNotOffered(access.error)) return <Notice status="info">{t.accessNotOffered}</Notice>;
  return (
    <DataState what={t.accessWhat} data={access.data} error={access.error} onRetry={access.retry}>
      {(a) => <EffectiveAccessView access={a} links={links} layoutCodes={layoutCodes} words={ACCESS_WORDS} nested />}
    </DataState>
  );
}
