// The phone menu of the public pages: a left drawer with the four links and the account button.
// Its own chunk: a drawer brings Mantine's modal machinery (focus trap, scroll lock, portal), which
// no public page needs until a visitor on a phone opens the menu.
import { Button, Drawer, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '@/i18n/common-areas';

export type PublicMenuProps = {
  opened: boolean;
  onClose: () => void;
  pathname: string;
  links: { label: string; to: string }[];
  account: { label: string; to: string };
};

export function PublicMenu({ opened, onClose, pathname, links, account }: PublicMenuProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
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
            onClick={onClose}
          />
        ))}
        <Button component={Link} to={account.to} onClick={onClose} mt="md" fullWidth>
          {account.label}
        </Button>
      </Stack>
    </Drawer>
  );
}
