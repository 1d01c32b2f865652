// The one side-menu shell of every role panel (part 1 §2): logo, '{title} Panel', menu links, the
// account page (the user's own settings: change password), the language switch and Logout; on phones the menu opens in a drawer from the burger.
import { AppShell, Badge, Burger, Divider, Drawer, Group, NavLink, ScrollArea, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MESSAGES, type Role } from '@qist/domain';
import { IconLogout, IconUserCog } from '@tabler/icons-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import '@/i18n/common-areas';
import { useTranslateMessage } from '@/i18n/translate-message';

export type PanelMenuItem = {
  href: string;
  label: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  /** How many items of this entry wait for the user (a badge when above zero). */
  count?: number;
};

export type PanelShellProps = {
  role: Role;
  menu: PanelMenuItem[];
  /** Runs after the user confirms logout. */
  onLogout: () => Promise<void>;
  children: ReactNode;
};

function PanelMenu({
  role,
  menu,
  onNavigate,
  onLogoutClick,
}: {
  role: Role;
  menu: PanelMenuItem[];
  onNavigate?: () => void;
  onLogoutClick: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Stack gap="xs" h="100%" justify="space-between">
      <Stack gap={2} component="nav" aria-label={t('nav.menu')}>
        {menu.map((item) => (
          <NavLink
            key={item.href}
            component={Link}
            to={item.href}
            label={item.label}
            leftSection={<item.icon size={18} stroke={1.6} />}
            rightSection={
              item.count ? (
                // a live status: the number changes after a decision and is read with its meaning
                <Badge size="sm" variant="filled" role="status" aria-label={t('panel.waiting', { number: item.count })}>
                  {item.count}
                </Badge>
              ) : undefined
            }
            active={pathname === item.href || pathname.startsWith(`${item.href}/`)}
            onClick={onNavigate}
          />
        ))}
      </Stack>
      <Stack gap="xs">
        <Divider />
        <NavLink
          component={Link}
          to={paths[role].account.getHref()}
          label={t('panel.menu.account')}
          leftSection={<IconUserCog size={18} stroke={1.6} />}
          active={pathname === paths[role].account.getHref()}
          onClick={onNavigate}
        />
        <LanguageSwitch />
        <NavLink
          component="button"
          type="button"
          label={t('panel.logout')}
          leftSection={<IconLogout size={18} stroke={1.6} />}
          onClick={onLogoutClick}
          c="red"
        />
      </Stack>
    </Stack>
  );
}

export function PanelShell({ role, menu, onLogout, children }: PanelShellProps) {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [confirmOpened, confirm] = useDisclosure(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const title = t('panel.title', { title: t(`panel.roles.${role}`) });

  const askLogout = () => {
    drawer.close();
    confirm.open();
  };

  const confirmLogout = async () => {
    setLoggingOut(true);
    try {
      await onLogout();
    } finally {
      setLoggingOut(false);
      confirm.close();
    }
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={drawerOpened}
            onClick={drawer.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('panel.openMenu')}
            aria-expanded={drawerOpened}
          />
          <Logo size={28} />
          <Title order={2} fz={{ base: 'md', sm: 'lg' }} fw={600} c="dimmed" ms="xs" style={{ whiteSpace: 'nowrap' }}>
            {title}
          </Title>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" visibleFrom="sm">
        <AppShell.Section grow component={ScrollArea}>
          <PanelMenu role={role} menu={menu} onLogoutClick={askLogout} />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        position="left"
        size="80%"
        title={title}
        hiddenFrom="sm"
        closeOnClickOutside
        lockScroll
      >
        <PanelMenu role={role} menu={menu} onNavigate={drawer.close} onLogoutClick={askLogout} />
      </Drawer>

      <AppShell.Main>{children}</AppShell.Main>

      <ConfirmDialog
        opened={confirmOpened}
        question={tm(MESSAGES.logoutConfirm) ?? MESSAGES.logoutConfirm}
        noLabel={t('panel.no')}
        yesLabel={t('panel.yes')}
        onNo={confirm.close}
        onYes={() => void confirmLogout()}
        loading={loggingOut}
      />
    </AppShell>
  );
}
