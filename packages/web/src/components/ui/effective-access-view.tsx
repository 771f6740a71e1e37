// What a person ends up with, as the server resolves it (the shape of
// getEffectiveAccess): per application the roles and elements with the path
// that grants each (business profile → application profile), and the
// visibility. The user editor's Effective Access tab and the account page
// both render it; each loads its own answer and says its own words.
import { Badge, Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { components } from '@userprofile/shared/generated/api';
import { categoryToTabLabel } from '@userprofile/shared/list';
import { historyTexts, pageTexts } from '@userprofile/shared/messages';
import type { ReactNode } from 'react';
import { toBusinessProfileEdit, toVisibilityProfileEdit } from '../../lib/paths.ts';
import { GrantPath, ProfileLink } from './grant-path.tsx';
import { Notice } from './notice.tsx';
import { TermList, type TermRow } from './term-list.tsx';

export type EffectiveAccess = components['schemas']['EffectiveAccess'];
type Grant = components['schemas']['Grant'];
type Named = components['schemas']['NamedRef'];

/** The sentences that name whose access it is ("this user", or "you" on the account page). */
export interface EffectiveAccessWords {
  inactive: string;
  withheld: string;
  noBusinessProfile: string;
}

const USER_WORDS: EffectiveAccessWords = {
  inactive: historyTexts.inactiveUser,
  withheld: historyTexts.profileWithheld,
  noBusinessProfile: historyTexts.noBusinessProfile,
};

/**
 * The access, rendered. `links`: the profile names open their editors (not
 * for a reader who may not open them). `layoutCodes`: the reader's, for the
 * visibility rows only some layouts have.
 */
export function EffectiveAccessView({
  access: a,
  links,
  layoutCodes,
  words = USER_WORDS,
  nested = false,
}: {
  access: EffectiveAccess;
  links: boolean;
  layoutCodes: readonly string[];
  words?: EffectiveAccessWords;
  /** Inside a section with its own h2 (the account page): every heading one level down. */
  nested?: boolean;
}) {
  const h = nested ? (['h3', 'h4'] as const) : (['h2', 'h3'] as const);
  return (
    <Stack gap="6" data-effective-access>
      {a.user.active ? null : <Notice status="info">{words.inactive}</Notice>}
      {a.withheld ? <Notice status="info">{words.withheld}</Notice> : null}
      <Applications access={a} links={links} words={words} h={h} />
      <Visibility visibility={a.visibility} links={links} layoutCodes={layoutCodes} h={h[0]} />
    </Stack>
  );
}

/** Business profile → application profile, each name opening its editor. */
function GrantPaths({ grants, links }: { grants: readonly Grant[]; links: boolean }) {
  return (
    <Stack gap="0.5">
      {grants.map((g) => (
        <GrantPath key={`${g.businessProfile.uuid}/${g.appProfile.uuid}`} grant={g} links={links} />
      ))}
    </Stack>
  );
}

function Applications({
  access,
  links,
  words,
  h,
}: {
  access: EffectiveAccess;
  links: boolean;
  words: EffectiveAccessWords;
  h: readonly ['h2' | 'h3', 'h3' | 'h4'];
}) {
  return (
    <Stack gap="4">
      <Heading as={h[0]} size="md">
        Applications
      </Heading>
      <Text fontSize="sm">
        {'Business profile: '}
        {access.businessProfile ? (
          <ProfileLink named={access.businessProfile} to={toBusinessProfileEdit} link={links} />
        ) : access.withheld ? (
          <Text as="span" color="fg.muted">
            {historyTexts.profileNotShown}
          </Text>
        ) : (
          <None />
        )}
      </Text>
      {access.businessProfile === null ? (
        access.withheld ? null : (
          <Text color="fg.muted">{words.noBusinessProfile}</Text>
        )
      ) : access.applications.length === 0 ? (
        <Text color="fg.muted">{historyTexts.noApplications}</Text>
      ) : (
        access.applications.map((app) => (
          <Box
            as="section"
            key={app.uuid}
            aria-label={app.name}
            borderWidth="1px"
            rounded="md"
            px="4"
            py="3"
            data-application={app.name}
          >
            <Heading as={h[1]} size="sm" mb="2">
              {app.name}
            </Heading>
            {app.partHidden ? (
              <Text color="fg.muted" fontSize="sm" mb="2" data-part-hidden>
                {historyTexts.partHidden}
              </Text>
            ) : null}
            <GrantTable label={`Roles in ${app.name}`} heading="Role" rows={app.roles} empty="No roles" links={links}>
              {(role) => (
                <>
                  {role.name}
                  {role.externalRole ? (
                    <Text as="span" color="fg.muted" fontSize="xs" ms="1">
                      {pageTexts.externalRole}
                    </Text>
                  ) : null}
                </>
              )}
            </GrantTable>
            {app.elements.length > 0 ? (
              <GrantTable label={`Elements in ${app.name}`} heading="Element" rows={app.elements} links={links} mt="3">
                {(el) => (
                  <>
                    {el.name}
                    {el.value !== null ? (
                      <Badge colorPalette="blue" size="xs" ms="1.5" title={`The user's ${el.category} value`}>
                        {el.value === el.name ? "User's value" : `User's value: ${el.value}`}
                      </Badge>
                    ) : null}
                    <Text color="fg.muted" fontSize="xs">
                      {categoryToTabLabel(el.category) || el.category}
                    </Text>
                  </>
                )}
              </GrantTable>
            ) : null}
          </Box>
        ))
      )}
    </Stack>
  );
}

/** An application's roles or elements, each beside the paths that grant it. */
function GrantTable<Row extends { uuid: string; grants: readonly Grant[] }>({
  label,
  heading,
  rows,
  empty,
  links,
  mt,
  children: nameOf,
}: {
  label: string;
  heading: string;
  rows: readonly Row[];
  /** Shown as the one row when there are none. */
  empty?: string;
  links: boolean;
  mt?: string;
  children: (row: Row) => ReactNode;
}) {
  return (
    <Table.ScrollArea mt={mt}>
      <Table.Root size="sm" variant="line" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="40%">{heading}</Table.ColumnHeader>
            <Table.ColumnHeader>Granted through</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={2} color="fg.muted">
                {empty}
              </Table.Cell>
            </Table.Row>
          ) : (
            rows.map((row) => (
              <Table.Row key={row.uuid}>
                <Table.Cell verticalAlign="top" whiteSpace="normal" overflowWrap="break-word">
                  {nameOf(row)}
                </Table.Cell>
                <Table.Cell whiteSpace="normal" overflowWrap="break-word">
                  <GrantPaths grants={row.grants} links={links} />
                </Table.Cell>
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function None() {
  return (
    <Text as="span" color="fg.muted">
      none
    </Text>
  );
}

function Names({ items }: { items: readonly ReactNode[] }) {
  if (items.length === 0) return <None />;
  return (
    <HStack as="ul" gap="1.5" wrap="wrap" listStyleType="none">
      {items}
    </HStack>
  );
}

function Chip({ children }: { children: ReactNode }) {
  return (
    <Badge as="li" variant="outline" size="md" fontWeight="normal">
      {children}
    </Badge>
  );
}

function Visibility({
  visibility: v,
  links,
  layoutCodes,
  h,
}: {
  visibility: EffectiveAccess['visibility'];
  links: boolean;
  layoutCodes: readonly string[];
  h: 'h2' | 'h3';
}) {
  const plain = (list: readonly Named[]) => list.map((n) => <Chip key={n.uuid}>{n.name}</Chip>);
  const rows: TermRow[] = [
    {
      label: 'Visibility Profile',
      value: v.profile ? <ProfileLink named={v.profile} to={toVisibilityProfileEdit} link={links} /> : <None />,
    },
    { label: 'Primary Visibility', value: v.primary ? v.primary.name : <None /> },
    { label: 'Carriers', value: <Names items={plain(v.carriers)} /> },
    {
      label: 'Clusters',
      value: (
        <Names
          items={v.clusters.map((c) => (
            <Chip key={c.uuid}>{c.descendants > 0 ? `${c.name} and ${c.descendants} below` : c.name}</Chip>
          ))}
        />
      ),
    },
    {
      label: 'Cluster Groups',
      value: (
        <Names
          items={v.clusterGroups.map((g) => (
            <Chip key={g.uuid}>
              {g.name}
              {g.default ? (
                <Badge colorPalette="blue" size="xs" ms="1">
                  Default
                </Badge>
              ) : null}
            </Chip>
          ))}
        />
      ),
    },
    { label: 'Network Groups', value: <Names items={plain(v.networkGroups)} /> },
  ];
  if (layoutCodes.includes('NEA') || v.neAttributes.length > 0) {
    rows.push({ label: 'Network Attributes', value: <Names items={plain(v.neAttributes)} /> });
  }
  if (layoutCodes.includes('VEN') || v.venues.length > 0) {
    rows.push({ label: 'Venues', value: <Names items={plain(v.venues)} /> });
  }
  return (
    <Stack gap="3">
      <Heading as={h} size="md">
        Visibility
      </Heading>
      <TermList rows={rows} labelWidth="12rem" rowGap={{ base: '1', sm: '2.5' }} data-visibility />
    </Stack>
  );
}
