// The frame of every shell screen: the page header (title, optional
// subtitle and actions) and the main content card, whose heights the shell
// sets from spec §9 (see src/app/layout-heights.ts). The page header also
// names the browser tab (lib/use-document-title.ts).
import { Box, Button, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TOASTS_BELOW } from '../../lib/toast-placement.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export const PAGE_HEADER_ID = 'page-header';
export const CARD_HEADER_ID = 'content-card-header';

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  /** The tab's title when it says more than the heading ('Editing User aaron.labadie'); default: the title. */
  documentTitle?: string;
}

export function PageHeader({ title, subtitle, actions, documentTitle }: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Flex
      id={PAGE_HEADER_ID}
      {...TOASTS_BELOW}
      align="center"
      justify="space-between"
      gap="4"
      px={{ base: '3', md: '6' }}
      py={{ base: '3', md: '4' }}
      minH="16"
      wrap="wrap"
      flexShrink={0}
    >
      <Box>
        <Heading as="h1" size="lg" fontWeight="semibold">
          {title}
        </Heading>
        {subtitle ? (
          <Text color="fg.muted" fontSize="sm">
            {subtitle}
          </Text>
        ) : null}
      </Box>
      {actions ? (
        <Flex gap="2" wrap="wrap">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}

/** A header action that opens another screen: 'New User' (primary) or 'Back to Users' (outline). */
export function LinkButton({
  href,
  primary = false,
  children,
}: {
  href: string;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <Button asChild size="sm" {...(primary ? { colorPalette: 'blue' } : { variant: 'outline' })}>
      <Link href={href}>{children}</Link>
    </Button>
  );
}

/**
 * The main content card (spec §9): it fills the main area below the page
 * header and scrolls inside, so the window itself never scrolls and a list's
 * pager stays on screen. A list puts its rows in <ListFrame> (the rows scroll,
 * the footer stays); an editor's content simply scrolls in the card.
 */
export function ContentCard({
  header,
  grow = false,
  children,
}: {
  header?: ReactNode;
  /** The card as tall as its content, the main area scrolling instead: a list whose rows wrap, so nothing is cut off. */
  grow?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card.Root
      mx={{ base: '3', md: '6' }}
      mb={{ base: '3', md: '6' }}
      variant="outline"
      size="sm"
      flex={grow ? 'none' : '1'}
      minH="0"
      display="flex"
      flexDirection="column"
      data-content-card
    >
      {header ? (
        <Card.Header id={CARD_HEADER_ID} {...TOASTS_BELOW} borderBottomWidth="1px" pb="3" flexShrink={0}>
          {header}
        </Card.Header>
      ) : null}
      <Card.Body
        overflow={grow ? 'visible' : 'auto'}
        flex="1"
        minH="40"
        maxH={grow ? 'none' : 'var(--up-content-height)'}
        display="flex"
        flexDirection="column"
        data-content-body
      >
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A list inside the content card: the table scrolls (both ways), the footer
 * (range and pager) stays below it. It keeps room for a few rows whatever sits
 * above it in the card (the bulk bar and a bulk result at phone width): past
 * that, the card scrolls instead of the rows shrinking to nothing.
 */
export function ListFrame({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  return (
    <Flex direction="column" flex="1" minH="min(22rem, 55dvh)">
      <Box flex="1" minH="0" overflow="auto" data-list-scroll>
        {children}
      </Box>
      <Box flexShrink={0}>{footer}</Box>
    </Flex>
  );
}

/** A screen of the shell: title plus its content card, filling the main area. */
export function Screen({
  cardHeader,
  grow = false,
  children,
  ...header
}: PageHeaderProps & {
  cardHeader?: ReactNode;
  /** See ContentCard. */
  grow?: boolean;
  children?: ReactNode;
}) {
  return (
    <Flex direction="column" h="full" minH="0">
      <PageHeader {...header} />
      <ContentCard header={cardHeader} grow={grow}>
        {children}
      </ContentCard>
    </Flex>
  );
}
