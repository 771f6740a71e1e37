// Side navigation (spec §2): the items the role allows, collapsible, the
// choice remembered under menu_expanded.
import {
  Box,
  Button,
  type ButtonProps,
  CloseButton,
  Drawer,
  Flex,
  IconButton,
  Portal,
  Stack,
  Text,
  Tooltip,
} from '@chakra-ui/react';
import { type ReactElement, useState } from 'react';
import type { IconType } from 'react-icons';
import {
  LuAppWindow,
  LuBriefcase,
  LuCircleUserRound,
  LuEye,
  LuHistory,
  LuKeyRound,
  LuLayers,
  LuMenu,
  LuPanelLeftClose,
  LuPanelLeftOpen,
  LuShieldCheck,
  LuShieldQuestion,
  LuUsers,
} from 'react-icons/lu';
import { Link, useLocation } from 'wouter';
import { ColorModeToggle } from '../components/ui/color-mode-toggle.tsx';
import { toAccount } from '../lib/paths.ts';
import { storage } from '../lib/storage.ts';
import type { NavIcon, NavItem } from './nav-items.ts';

const ICONS: Record<NavIcon, IconType> = {
  access: LuShieldQuestion,
  users: LuUsers,
  profiles: LuBriefcase,
  visibilities: LuEye,
  applications: LuLayers,
  applicationAdmin: LuAppWindow,
  clients: LuKeyRound,
  activity: LuHistory,
  policy: LuShieldCheck,
};

/** The header's link to the signed-in person's own account page. */
export function AccountLink(props: Omit<ButtonProps, 'asChild' | 'children'>) {
  const [location] = useLocation();
  const here = location === toAccount();
  return (
    <Button asChild size="sm" variant="ghost" {...props}>
      <Link href={toAccount()} aria-current={here ? 'page' : undefined}>
        <LuCircleUserRound aria-hidden /> Account
      </Link>
    </Button>
  );
}

/** Collapsed, an item shows only its icon: its name is its accessible name and a tooltip on hover and focus. */
function NameTip({ name, show, children }: { name: string; show: boolean; children: ReactElement }) {
  if (!show) return children;
  return (
    <Tooltip.Root positioning={{ placement: 'right' }} openDelay={200} closeDelay={0}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{name}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

/** Expanded unless the user collapsed it (stored 'false'). */
export function readMenuExpanded(): boolean {
  return storage.get('menu_expanded') !== 'false';
}

/** The menu's links; collapsed, only the icons (named by aria-label and a tooltip). */
function NavList({ items, expanded, onNavigate }: { items: NavItem[]; expanded: boolean; onNavigate?: () => void }) {
  const [location] = useLocation();
  return (
    <Stack as="ul" gap="0.5" px="2" listStyleType="none">
      {items.map((item) => {
        const Icon = ICONS[item.icon];
        const active = location.startsWith(item.section);
        return (
          <li key={item.href}>
            <NameTip name={item.label} show={!expanded}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                aria-label={expanded ? undefined : item.label}
                {...(onNavigate ? { onClick: onNavigate } : {})}
              >
                <Flex
                  align="center"
                  gap="3"
                  px="3"
                  py="2"
                  rounded="md"
                  fontSize="sm"
                  fontWeight={active ? 'semibold' : 'normal'}
                  color={active ? 'blue.fg' : 'fg'}
                  bg={active ? 'blue.subtle' : 'transparent'}
                  _hover={{ bg: active ? 'blue.subtle' : 'bg.muted' }}
                  justify={expanded ? 'flex-start' : 'center'}
                >
                  <Icon aria-hidden size="18" />
                  {expanded ? <Text as="span">{item.label}</Text> : null}
                </Flex>
              </Link>
            </NameTip>
          </li>
        );
      })}
    </Stack>
  );
}

/** From the md breakpoint (768 px) up: the menu beside the content, collapsible. */
export function SideNav({ items }: { items: NavItem[] }) {
  const [expanded, setExpanded] = useState(readMenuExpanded);

  const toggle = () => {
    const next = !expanded;
    setExpanded(next);
    storage.set('menu_expanded', String(next));
  };

  return (
    <Box
      as="nav"
      aria-label="Main"
      data-expanded={expanded}
      hideBelow="md"
      width={expanded ? '56' : '14'}
      flexShrink={0}
      borderRightWidth="1px"
      bg="bg.subtle"
      transition="width 0.15s ease"
      overflowY="auto"
      overflowX="hidden"
    >
      <Flex justify={expanded ? 'flex-end' : 'center'} px="2" py="2">
        <IconButton
          size="sm"
          variant="ghost"
          onClick={toggle}
          aria-expanded={expanded}
          aria-label={expanded ? 'Collapse menu' : 'Expand menu'}
          title={expanded ? 'Collapse menu' : 'Expand menu'}
        >
          {expanded ? <LuPanelLeftClose /> : <LuPanelLeftOpen />}
        </IconButton>
      </Flex>
      <NavList items={items} expanded={expanded} />
    </Box>
  );
}

/** Below the md breakpoint (spec §9 layout on small screens): a Menu button that opens the menu as a drawer. */
export function NavDrawer({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Flex hideFrom="md" px="3" py="1.5" borderBottomWidth="1px" bg="bg.subtle" align="center">
      {/* Nothing to open for someone without a console role: their account is the link beside. */}
      {items.length === 0 ? null : (
        <Drawer.Root open={open} onOpenChange={(d) => setOpen(d.open)} placement="start" size="xs">
          <Drawer.Trigger asChild>
            <Button size="sm" variant="ghost" aria-label="Open menu">
              <LuMenu aria-hidden /> Menu
            </Button>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content>
                <Drawer.Header>
                  <Drawer.Title>Menu</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body px="0">
                  <Box as="nav" aria-label="Main">
                    <NavList items={items} expanded onNavigate={() => setOpen(false)} />
                  </Box>
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close menu" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <Flex ml="auto" align="center" gap="1">
        <AccountLink />
        <ColorModeToggle />
      </Flex>
    </Flex>
  );
}
