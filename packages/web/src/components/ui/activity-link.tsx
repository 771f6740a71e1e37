// A link from another screen to the activity log (a user's events, a
// record's, a bulk action's), shown only where the backend keeps the log
// (lib/activity.ts): on a backend without it these render nothing.
import { Box, Link as ChakraLink } from '@chakra-ui/react';
import { LuHistory } from 'react-icons/lu';
import { Link } from 'wouter';
import { useActivityOffered } from '../../lib/activity.ts';
import { LinkButton } from './page.tsx';

/** A header action ('Activity by this user'). */
export function ActivityLinkButton({ href, children }: { href: string; children: string }) {
  if (!useActivityOffered()) return null;
  return <LinkButton href={href}>{children}</LinkButton>;
}

/** A link on a line of its own ('All activity on this record'); `mb` its space below, when shown. */
export function ActivityTextLink({ href, children, mb }: { href: string; children: string; mb?: string }) {
  if (!useActivityOffered()) return null;
  return (
    <Box {...(mb ? { mb } : {})}>
      <ChakraLink asChild color="blue.fg" fontSize="sm" fontWeight="medium" data-activity-link>
        <Link href={href}>
          <LuHistory aria-hidden /> {children}
        </Link>
      </ChakraLink>
    </Box>
  );
}
