// A screen that fails to load or render shows a message with a way out
// instead of a blank page. The usual cause is a deploy: the page still runs
// the previous build and its lazily loaded chunks are gone.
import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to load or render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Box px="6" py="16" textAlign="center" role="alert">
        <Heading as="h1" size="lg" mb="2">
          This page could not be shown
        </Heading>
        <Text color="fg.muted" mb="4">
          The console may have been updated since this page was opened. Reloading usually fixes it.
        </Text>
        <Button colorPalette="blue" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Box>
    );
  }
}
