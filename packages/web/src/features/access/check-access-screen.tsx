// Check Access: pick a user, an application and one of its roles
// or elements (each typed to find; the choice lives in the URL, so a check
// is a link), and read the verdict with its reason: the paths that grant it
// (the decisive one first), the missing link said plainly and the profiles
// that would grant it, "without effect" for an inactive user, or that the
// answer is incomplete because part of the path is hidden from the reader.
import { Badge, Box, Link as ChakraLink, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { accessTexts } from '@userprofile/shared/access-texts';
import { roleRank } from '@userprofile/shared/constants';
import { categoryToTabLabel } from '@userprofile/shared/list';
import { pageTexts } from '@userprofile/shared/messages';
import { Fragment, useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useStore } from 'zustand';
import { DataState, LoadFailure } from '../../components/ui/data-state.tsx';
import { type FindOption, FindPicker } from '../../components/ui/find-picker.tsx';
import { GrantPath, ProfileLink } from '../../components/ui/grant-path.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { Screen } from '../../components/ui/page.tsx';
import { isNotOffered } from '../../lib/api/errors.ts';
import { applications, checkCanAnswer } from '../../lib/data/applications.ts';
import { useCache } from '../../lib/data/use-cache.ts';
import {
  type AccessQuestion,
  toAccessCheck,
  toAccessHolders,
  toAppProfileEdit,
  toBusinessProfileEdit,
  toUserEdit,
} from '../../lib/paths.ts';
import { roleOf, useSession } from '../../lib/session.ts';
import { useLoad } from '../../lib/use-load.ts';
import { parseQuestion, rowFromValue, rowOf, rowValue } from './access-question.ts';
import { type AccessCheck, fetchCheck, fetchUsername, userOptions } from './api.ts';

export function CheckAccessScreen() {
  const question = parseQuestion(useSearch());
  const [, navigate] = useLocation();
  const role = roleOf(useSession((s) => s.user));
  // Profile and application editors are for ADMIN and above (spec §6): SCO_ADMIN reads names as plain text.
  const links = roleRank(role) >= roleRank('ADMIN');
  const ask = (next: AccessQuestion) => navigate(toAccessCheck(next));

  const apps = useCache(applications);
  return (
    <Screen title={accessTexts.checkTitle} subtitle={accessTexts.checkSubtitle}>
      {apps.data && !checkCanAnswer(apps.data) ? (
        // A reader who sees no role or element anywhere is told so, not offered pickers that never answer.
        <Notice status="info">{accessTexts.nothingToCheck}</Notice>
      ) : (
        <Stack gap="5" maxW="5xl">
          <Pickers question={question} onChange={ask} />
          <Answer question={question} links={links} />
        </Stack>
      )}
    </Screen>
  );
}

function Pickers({ question, onChange }: { question: AccessQuestion; onChange: (q: AccessQuestion) => void }) {
  const apps = useCache(applications);
  const users = useStore(userOptions.store);
  const loadUsers = () => {
    if (users.status === 'idle' || users.status === 'error') userOptions.load().catch(() => undefined);
  };
  // A deep link names the user before the user list is loaded: its own GET gives the name.
  const pickedUser = users.data?.find((o) => o.value === question.user);
  const { data: linkedName } = useLoad(
    question.user && !pickedUser ? () => fetchUsername(question.user as string) : null,
    question.user,
  );

  const app = apps.data?.find((a) => a.uuid === question.application) ?? null;
  const appOptions = useMemo<FindOption[]>(
    () => (apps.data ?? []).map((a) => ({ value: a.uuid, label: a.name })),
    [apps.data],
  );
  const rowOptions = useMemo<FindOption[]>(
    () =>
      app
        ? [
            ...app.roles.map((r) => ({
              value: `role:${r.uuid}`,
              label: r.name,
              detail: r.externalRole ? `Role ${pageTexts.externalRole}` : 'Role',
            })),
            ...app.elements.map((e) => ({
              value: `element:${e.uuid}`,
              label: e.name,
              detail: `Element · ${categoryToTabLabel(e.category ?? '')}`,
            })),
          ]
        : [],
    [app],
  );
  const row = rowOf(question);
  const picked = rowOptions.find((o) => o.value === rowValue(row));

  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" data-access-pickers>
      <FindPicker
        label="User"
        placeholder="Type a username or name"
        options={users.data}
        value={question.user ?? null}
        selectedLabel={pickedUser?.label ?? linkedName ?? ''}
        onOpen={loadUsers}
        onChange={(user) => onChange({ ...question, user: user ?? undefined })}
        status={
          users.status === 'error' ? (
            <LoadFailure what="the users" error={users.error} onRetry={() => userOptions.load({ reload: true })} />
          ) : users.status === 'loading' ? (
            'Loading users…'
          ) : null
        }
      />
      <FindPicker
        label="Application"
        placeholder="Type an application"
        options={apps.data ? appOptions : null}
        value={question.application ?? null}
        selectedLabel={app?.name ?? ''}
        onChange={(application) =>
          // Another application's rows are not this one's: the row is chosen again.
          onChange({ user: question.user, application: application ?? undefined })
        }
        status={
          apps.status === 'error' ? (
            <LoadFailure what="the applications" error={apps.error} onRetry={apps.retry} />
          ) : null
        }
      />
      <FindPicker
        label="Role or element"
        placeholder={app ? 'Type a role or element' : 'Pick an application first'}
        options={app ? rowOptions : null}
        value={rowValue(row)}
        selectedLabel={picked?.label ?? ''}
        disabled={!app}
        onChange={(value) =>
          onChange({ user: question.user, application: question.application, ...rowFromValue(value) })
        }
        status={app && rowOptions.length === 0 ? 'None of its roles or elements is visible to you.' : null}
      />
    </SimpleGrid>
  );
}

function Answer({ question, links }: { question: AccessQuestion; links: boolean }) {
  const row = rowOf(question);
  const complete =
    question.user && question.application && row
      ? { user: question.user, application: question.application, ...row }
      : null;
  const { data, error, retry } = useLoad(
    complete ? () => fetchCheck(complete) : null,
    complete ? toAccessCheck(complete) : null,
  );
  if (!complete) return <Text color="fg.muted">{accessTexts.pickAll}</Text>;
  if (isNotOffered(error)) {
    return (
      <Notice status="info">
        No answer: the user, the application or the role or element was not found (it may be gone, or outside what you
        may see), or this backend does not offer access questions.
      </Notice>
    );
  }
  // An answer to an earlier question is not shown for this one.
  const current =
    data && data.user.uuid === question.user && data.row.uuid === (row?.role ?? row?.element) ? data : null;
  return (
    <DataState what="the answer" data={current} error={error} onRetry={retry}>
      {(check) => <Verdict check={check} links={links} />}
    </DataState>
  );
}

function Verdict({ check, links }: { check: AccessCheck; links: boolean }) {
  const { user, application, row } = check;
  const kind = row.kind;
  return (
    <Stack gap="4" data-verdict={check.verdict} aria-live="polite">
      {check.verdict === 'granted' ? (
        <Notice status="success">{accessTexts.granted(user.username, row.name, application.name)}</Notice>
      ) : check.verdict === 'grantedWithoutEffect' ? (
        <Notice status="warning">{accessTexts.grantedWithoutEffect(user.username, row.name)}</Notice>
      ) : check.verdict === 'notGranted' ? (
        <Notice status="error">{accessTexts.notGranted(user.username, row.name, application.name)}</Notice>
      ) : (
        <Notice status="info">{accessTexts.incomplete}</Notice>
      )}

      <HStack gap="4" wrap="wrap" fontSize="sm">
        <Text>
          {'User: '}
          <ChakraLink asChild color="blue.fg">
            <Link href={toUserEdit(user.uuid)}>{user.username}</Link>
          </ChakraLink>
          {user.active ? null : (
            <Badge ms="2" size="sm" colorPalette="orange">
              Inactive
            </Badge>
          )}
        </Text>
        <Text>
          {'Business profile: '}
          {check.businessProfile ? (
            <ProfileLink named={check.businessProfile} to={toBusinessProfileEdit} link={links} />
          ) : check.verdict === 'incomplete' ? (
            <Text as="span" color="fg.muted">
              not shown
            </Text>
          ) : (
            <Text as="span" color="fg.muted">
              none
            </Text>
          )}
        </Text>
        {links ? (
          <ChakraLink asChild color="blue.fg">
            <Link
              href={toAccessHolders(application.uuid, kind === 'role' ? { role: row.uuid } : { element: row.uuid })}
            >
              {`${accessTexts.whoHasIt}: ${row.name}`}
            </Link>
          </ChakraLink>
        ) : null}
      </HStack>

      {check.paths.length > 0 ? (
        <Box as="section" aria-label={accessTexts.pathsHeading(kind)}>
          <Heading as="h2" size="sm" mb="2">
            {accessTexts.pathsHeading(kind)}
          </Heading>
          <Stack gap="1" data-paths>
            {check.paths.map((p, i) => (
              <HStack key={`${p.businessProfile.uuid}/${p.appProfile.uuid}`} gap="2" wrap="wrap">
                <GrantPath grant={p} links={links} row={row.name} />
                {i === 0 ? (
                  <Badge size="sm" colorPalette="green">
                    {accessTexts.decisive}
                  </Badge>
                ) : null}
              </HStack>
            ))}
          </Stack>
        </Box>
      ) : null}

      {check.missing ? (
        <Text fontWeight="medium" data-missing-link>
          {check.missing.kind === 'noBusinessProfile'
            ? accessTexts.noBusinessProfile(user.username)
            : check.missing.kind === 'noAppProfile'
              ? accessTexts.noAppProfile(check.missing.businessProfile?.name ?? '', application.name)
              : accessTexts.rowNotIncluded(check.missing.appProfile?.name ?? '', row.name)}
        </Text>
      ) : null}

      {check.verdict === 'notGranted' ? <WouldGrant check={check} links={links} /> : null}
    </Stack>
  );
}

function WouldGrant({ check, links }: { check: AccessCheck; links: boolean }) {
  return (
    <Box as="section" aria-label={accessTexts.wouldGrantHeading} data-would-grant>
      <Heading as="h2" size="sm" mb="2">
        {accessTexts.wouldGrantHeading}
      </Heading>
      {check.wouldGrant.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {accessTexts.wouldGrantNone(check.row.kind)}
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" ms="0">
          {check.wouldGrant.map((w) => (
            <Box as="li" key={w.appProfile.uuid} fontSize="sm">
              <Text fontWeight="medium">
                <ProfileLink named={w.appProfile} to={toAppProfileEdit} link={links} />
              </Text>
              <Text color="fg.muted">
                {`${accessTexts.usedBy}: `}
                {w.businessProfiles.length === 0
                  ? accessTexts.usedByNone
                  : w.businessProfiles.map((bp, i) => (
                      <Fragment key={bp.uuid}>
                        {i > 0 ? ', ' : null}
                        <ProfileLink named={bp} to={toBusinessProfileEdit} link={links} />
                      </Fragment>
                    ))}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
