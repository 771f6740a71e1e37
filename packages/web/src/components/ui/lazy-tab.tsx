// A tab whose content loads something of its own (History, Effective
// Access): Chakra mounts every tab's content at once, so the content is
// rendered only once its tab has been opened, and then kept (switching back
// does not load again).
import { Tabs, useTabsContext } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';

export function LazyTabContent({ value, children }: { value: string; children: () => ReactNode }) {
  const tabs = useTabsContext();
  const [opened, setOpened] = useState(false);
  if (!opened && tabs.value === value) setOpened(true);
  return <Tabs.Content value={value}>{opened || tabs.value === value ? children() : null}</Tabs.Content>;
}
