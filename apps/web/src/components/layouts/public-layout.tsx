// The public pages' frame (part 1 §2 "Navigation and footers"): a bar with the four links, the
// account button and the language switch; on phones a shorter account button and a left drawer
// (./public-menu, loaded on the first tap); two footers, the first with the configured social accounts.
import { ActionIcon, Anchor, Box, Burger, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PRODUCT_NAME } from '@qist/domain';
import { IconBrandInstagram, IconBrandLinkedin, IconBrandWhatsapp } from '@tabler/icons-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { paths, roleHomeHref } from '@/config/paths';
import { getSocialLinks, type SocialNetwork } from '@/config/social-links';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Logo } from '@/components/ui/logo';
import '@/i18n/common-areas';
import { loadFullStyles } from '@/lib/full-styles';
import { useSession } from '@/lib/session';
import classes from './public-layout.module.css';
import type { PublicMenuProps } from './public-menu';

const SOCIAL_ICONS: Record<SocialNetwork, ComponentType<{ size?: number; stroke?: number }>> = {
  whatsapp: IconBrandWhatsapp,
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
};

let menuModule: Promise<{ PublicMenu: ComponentType<PublicMenuProps> }> | null = null;

/** The phone menu's chunk, fetched once (a failed fetch is tried again on the next tap). */
function loadPublicMenu() {
  // The drawer is not on app/mantine-critical.css's list: it waits for the whole stylesheet.
  menuModule ??= Promise.all([import('./public-menu'), loadFullStyles()]).then(
    ([module]) => module,
    (error: unknown) => {
      menuModule = null;
      throw error;
    },
  );
  return menuModule;
}

function useAccountButton() {
  const { t } = useTranslation();
  const session = useSession();
  return session.token && session.role
    ? { label: t('nav.account'), shortLabel: t('nav.myAccount'), to: roleHomeHref(session.role) }
    : { label: t('nav.loginRegister'), shortLabel: t('nav.signIn'), to: paths.auth.login.getHref() };
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [Menu, setMenu] = useState<ComponentType<PublicMenuProps> | null>(null);
  const account = useAccountButton();
  const social = getSocialLinks();

  const toggleMenu = () => {
    if (Menu) {
      drawer.toggle();
      return;
    }
    loadPublicMenu().then(
      (module) => {
        // The drawer first mounts closed, then opens: so it slides in the first time too.
        flushSync(() => setMenu(() => module.PublicMenu));
        drawer.open();
      },
      () => {
        // Offline or a stale deployment: the tap does nothing, the next one tries again.
      },
    );
  };

  const links = [
    { label: t('nav.aboutUs'), to: paths.public.aboutUs.getHref() },
    { label: t('nav.contactUs'), to: paths.public.contactUs.getHref() },
    { label: t('nav.terms'), to: paths.public.terms.getHref() },
    { label: t('nav.faq'), to: paths.public.faq.getHref() },
  ];

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group justify="space-between" h="100%" wrap="nowrap" gap="sm">
            <Logo />
            <Group component="nav" aria-label={t('nav.main')} gap={2} visibleFrom="sm" wrap="nowrap">
              {links.map((link) => (
                <RouterNavLink key={link.to} to={link.to} className={classes.link}>
                  {link.label}
                </RouterNavLink>
              ))}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitch />
              <Button component={Link} to={account.to} visibleFrom="sm">
                {account.label}
              </Button>
              {/* on phones the way to sign in stays in the bar, not only in the drawer */}
              <Button component={Link} to={account.to} hiddenFrom="sm" size="compact-sm">
                {account.shortLabel}
              </Button>
              <Burger
                opened={drawerOpened}
                onClick={toggleMenu}
                // The press starts the fetch; the release (click) then usually finds the drawer here.
                onPointerDown={() => void loadPublicMenu().catch(() => {})}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.openMenu')}
                aria-expanded={drawerOpened}
              />
            </Group>
          </Group>
        </Container>
      </header>

      {Menu && <Menu opened={drawerOpened} onClose={drawer.close} pathname={pathname} links={links} account={account} />}

      <Box component="main" style={{ flex: 1 }}>
        <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Container>
      </Box>

      <footer className={classes.keepInTouch}>
        <Container size="lg" py="xl">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Stack gap="xs">
              <Title order={2} fz="h3">
                {t('footer.keepInTouch')}
              </Title>
              <Text c="dimmed" maw={420}>
                {t('footer.keepInTouchText', { name: PRODUCT_NAME })}
              </Text>
              {social.length > 0 && (
                <Group component="ul" aria-label={t('footer.social.label')} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
                  {social.map(({ network, href }) => {
                    const Icon = SOCIAL_ICONS[network];
                    return (
                      <li key={network}>
                        <ActionIcon
                          component="a"
                          href={href}
                          target="_blank"
                          rel="noopener noreferrer"
                          variant="light"
                          size="lg"
                          radius="xl"
                          aria-label={t('footer.social.link', { name: PRODUCT_NAME, network: t(`footer.social.${network}`) })}
                        >
                          <Icon size={20} stroke={1.7} />
                        </ActionIcon>
                      </li>
                    );
                  })}
                </Group>
              )}
            </Stack>
            <Stack gap={6} component="nav" aria-label={t('footer.usefulLinks')}>
              <Text fw={700} tt="uppercase" fz="sm">
                {t('footer.usefulLinks')}
              </Text>
              <Anchor component={Link} to={paths.public.aboutUs.getHref()} c="dimmed">
                {t('footer.aboutUs')}
              </Anchor>
              <Anchor component={Link} to={paths.public.contactUs.getHref()} c="dimmed">
                {t('footer.contactUs')}
              </Anchor>
              <Anchor component={Link} to={paths.public.terms.getHref()} c="dimmed">
                {t('footer.termsAndConditions')}
              </Anchor>
            </Stack>
          </SimpleGrid>
        </Container>
      </footer>

      <footer className={classes.legal}>
        <Container size="lg" py="md">
          <Group justify="space-between" gap="sm">
            <Text fz="sm" c="dimmed">
              {t('footer.copyright', { year: new Date().getFullYear(), name: PRODUCT_NAME })}
            </Text>
            <Group component="nav" aria-label={t('footer.legal')} gap="md">
              <Anchor component={Link} to={paths.public.aboutUs.getHref()} fz="sm" c="dimmed">
                {t('footer.aboutUs')}
              </Anchor>
              <Anchor component={Link} to={paths.public.contactUs.getHref()} fz="sm" c="dimmed">
                {t('footer.contactUs')}
              </Anchor>
              <Anchor component={Link} to={paths.public.faq.getHref()} fz="sm" c="dimmed">
                {t('footer.faq')}
              </Anchor>
              <Anchor component={Link} to={paths.public.terms.getHref()} fz="sm" c="dimmed">
                {t('footer.terms')}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </footer>
    </Box>
  );
}
