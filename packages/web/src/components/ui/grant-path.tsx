// The path that grants a role or an element: business profile → application
// profile (→ the row), each profile name opening its editor, or plain text
// for a reader who may not open profile editors (SCO_ADMIN, spec §6). Used by
// Effective Access, Who Has It and Check Access.
import { Link as ChakraLink, Text, type TextProps } from '@chakra-ui/react';
import { Link } from 'wouter';
import { toAppProfileEdit, toBusinessProfileEdit } from '../../lib/paths.ts';

export interface Named {
  uuid: string;
  name: string;
}

export interface GrantPathValue {
  businessProfile: Named;
  appProfile: Named;
}

export function ProfileLink({ named, to, link }: { named: Named; to: (uuid: string) => string; link: boolean }) {
  if (!link) return <Text as="span">{named.name}</Text>;
  return (
    <ChakraLink asChild color="blue.fg" display="inline">
      <Link href={to(named.uuid)}>{named.name}</Link>
    </ChakraLink>
  );
}

/** One path on a line: 'Gold → Alarm Manager - Operator' (→ 'ALARM_OPERATOR' when `row` is given). */
export function GrantPath({
  grant,
  links,
  row,
  ...text
}: { grant: GrantPathValue; links: boolean; row?: string } & Omit<TextProps, 'children'>) {
  return (
    <Text fontSize="sm" data-grant {...text}>
      <ProfileLink named={grant.businessProfile} to={toBusinessProfileEdit} link={links} />
      {' → '}
      <ProfileLink named={grant.appProfile} to={toAppProfileEdit} link={links} />
      {row ? ` → ${row}` : null}
    </Text>
  );
}
