// forbidden and notFound (spec §2), with their exact texts. Both lead back:
// the 404 page to the list of an edit screen whose record is gone (a stale
// bookmark; the API middleware hands over the page that asked), else to the
// start; the 403 page to the list of the area refused when the role may use
// that list (New Application as a customer admin: Application Admin), else to
// the start (the router's guard hands over the page refused).
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { pageTexts } from '@userprofile/shared/messages';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { HOME_PATH, hasMalformedId, listOfEditPath, toAccount } from '../lib/paths.ts';
import { isLoggedIn, useSession } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useMenuEntries } from './nav-context.ts';

function ErrorPage({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box px="6" py="16" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
      {children}
    </Box>
  );
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button asChild mt="6" size="sm" variant="outline">
      <Link href={to}>{pageTexts.backTo(label)}</Link>
    </Button>
  );
}

export function ForbiddenPage() {
  const state = useHistoryState<{ from?: unknown } | null>();
  const refused = typeof state?.from === 'string' ? state.from : '';
  const user = useSession((s) => s.user);
  const items = useMenuEntries();
  // The menu's place of the refused page, if the role has it; the user list is everyone's.
  // Someone without a console role has no screen of it to go back to, only their own account.
  const back =
    items.find((item) => refused.startsWith(item.section)) ??
    items[0] ??
    (isLoggedIn(user) ? { href: toAccount(), label: 'Your Account' } : undefined);
  return (
    <ErrorPage title={pageTexts.forbiddenTitle} text={pageTexts.forbiddenText}>
      {back ? <BackLink to={back.href} label={back.label} /> : null}
    </ErrorPage>
  );
}

/** The page a 404 came from: handed over by the API middleware, or the unknown address itself. */
function useMissingPath(): string {
  const [location] = useLocation();
  const state = useHistoryState<{ from?: unknown } | null>();
  return typeof state?.from === 'string' ? state.from : location;
}

export function NotFoundPage() {
  const missing = useMissingPath();
  const items = useMenuEntries();
  const list = listOfEditPath(missing);
  const back = items.find((item) => item.href === (list ?? HOME_PATH));
  return (
    <ErrorPage title={pageTexts.notFoundTitle} text={pageTexts.notFoundText}>
      {/* A malformed id was never a record: nothing was deleted. */}
      {list && !hasMalformedId(missing) ? <Text mt="2">{pageTexts.staleRecordText}</Text> : null}
      <BackLink to={list ?? HOME_PATH} label={back?.label ?? 'Users'} />
    </ErrorPage>
  );
}
