// The public pages' frame (part 1 §2 "Navigation and footers"): a bar with the four links, the
// account button and the language switch; on phones a left drawer; two footers.
import { Anchor, Box, Burger, Button, Container, Drawer, Group, NavLink, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PRODUCT_NAME } from '@qist/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { paths, roleHomeHref } from '@/config/paths';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Logo } from '@/components/ui/logo';
import { useSession } from '@/lib/session';
import classes from './public-layout.module.css';

function useAccountButton() {
  const { t } = useTranslation();
  const session = useSession();
  return session.token && session.role
    ? { label: t('nav.account'), to: roleHomeHref(session.role) }
    : { label: t('nav.loginRegister'), to: paths.auth.login.getHref() };
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const account = useAccountButton();

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
              <Burger
                opened={drawerOpened}
                onClick={drawer.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.openMenu')}
                aria-expanded={drawerOpened}
              />
            </Group>
          </Group>
        </Container>
      </header>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        position="left"
        size="80%"
        title={t('nav.menu')}
        hiddenFrom="sm"
        closeOnClickOutside
        lockScroll
      >
        <Stack component="nav" aria-label={t('nav.main')} gap={4}>
          {links.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              active={pathname === link.to}
              onClick={drawer.close}
            />
          ))}
          <Button component={Link} to={account.to} onClick={drawer.close} mt="md" fullWidth>
            {account.label}
          </Button>
        </Stack>
      </Drawer>

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
