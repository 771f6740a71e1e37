// forbidden and notFound (spec §2), with their exact texts.
import { Box, Heading, Text } from '@chakra-ui/react';
import { pageTexts } from '@userprofile/shared/messages';
import { useDocumentTitle } from '../lib/use-document-title.ts';

function ErrorPage({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <Box px="6" py="16" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        {title}
      </Heading>
      <Text color="fg.muted">{text}</Text>
    </Box>
  );
}

export function ForbiddenPage() {
  return <ErrorPage title={pageTexts.forbiddenTitle} text={pageTexts.forbiddenText} />;
}

export function NotFoundPage() {
  return <ErrorPage title={pageTexts.notFoundTitle} text={pageTexts.notFoundText} />;
}
