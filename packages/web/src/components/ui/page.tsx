// The frame of every shell screen: the page header (title, optional
// subtitle and actions) and the main content card, whose heights the shell
// sets from spec §9 (see src/app/layout-heights.ts).
import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export const PAGE_HEADER_ID = 'page-header';
export const CARD_HEADER_ID = 'content-card-header';

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <Flex id={PAGE_HEADER_ID} align="center" justify="space-between" gap="4" px="6" py="4" minH="16">
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

export function ContentCard({ header, children }: { header?: ReactNode; children?: ReactNode }) {
  return (
    <Card.Root mx="6" mb="6" variant="outline" size="sm" data-content-card>
      {header ? (
        <Card.Header id={CARD_HEADER_ID} borderBottomWidth="1px" pb="3">
          {header}
        </Card.Header>
      ) : null}
      <Card.Body overflow="auto" minH="24" maxH="var(--up-content-height)">
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** A screen of the shell: title plus its content card. */
export function Screen({
  title,
  subtitle,
  actions,
  cardHeader,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  cardHeader?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} {...(subtitle ? { subtitle } : {})} actions={actions} />
      <ContentCard header={cardHeader}>{children}</ContentCard>
    </>
  );
}
