// forbidden and notFound (spec §2), with their exact texts. The 404 page
// also leads back: to the list of an edit screen whose record is gone (a
// stale bookmark; the API middleware hands over the page that asked), else
// to the start.
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { pageTexts } from '@userprofile/shared/messages';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { HOME_PATH, listOfEditPath } from '../lib/paths.ts';
import { roleOf, useSession } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { navItemsFor } from './nav-items.ts';

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

export function ForbiddenPage() {
  return <ErrorPage title={pageTexts.forbiddenTitle} text={pageTexts.forbiddenText} />;
}

/** The page a 404 came from: handed over by the API middleware, or the unknown address itself. */
function useMissingPath(): string {
  const [location] = useLocation();
  const state = useHistoryState<{ from?: unknown } | null>();
  return typeof state?.from === 'string' ? state.from : location;
}

export function NotFoundPage() {
  const missing = useMissingPath();
  const role = roleOf(useSession((s) => s.user));
  const list = listOfEditPath(missing);
  const back = navItemsFor(role).find((item) => item.href === (list ?? HOME_PATH));
  return (
    <ErrorPage title={pageTexts.notFoundTitle} text={pageTexts.notFoundText}>
      {list ? <Text mt="2">{pageTexts.staleRecordText}</Text> : null}
      <Button asChild mt="6" size="sm" variant="outline">
        <Link href={list ?? HOME_PATH}>{pageTexts.backTo(back?.label ?? 'Users')}</Link>
      </Button>
    </ErrorPage>
  );
}
