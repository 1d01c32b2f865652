// The company's phone (a tel: link), mailbox (mailto:) and its messaging, professional-network and
// social links; a channel that is not configured (config/contact.ts, config/social-links.ts) is left out.
import { Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconBrandInstagram, IconBrandLinkedin, IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getCompanyContact } from '@/config/contact';
import { getSocialLinks } from '@/config/social-links';
import classes from './marketing.module.css';

export type ContactLinkKey = 'call' | 'email' | 'whatsapp' | 'linkedin' | 'instagram';

const ICONS = {
  call: IconPhone,
  email: IconMail,
  whatsapp: IconBrandWhatsapp,
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
} as const;

const COLORS = { call: 'teal', email: 'cyan', whatsapp: 'green', linkedin: 'blue', instagram: 'grape' } as const;

export function ContactLinks({ links = ['call', 'whatsapp', 'linkedin'] }: { links?: ContactLinkKey[] }) {
  const { t } = useTranslation('public');
  const social = new Map(getSocialLinks().map((link) => [link.network as ContactLinkKey, link.href]));
  const { phone, email } = getCompanyContact();
  const hrefOf = (key: ContactLinkKey) =>
    key === 'call' ? phone?.href : key === 'email' ? email && `mailto:${email}` : social.get(key);
  return (
    <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {links.map((key) => {
        const href = hrefOf(key);
        if (!href) return null;
        const Icon = ICONS[key];
        const external = key !== 'call' && key !== 'email';
        const detail = key === 'call' ? phone?.display : key === 'email' ? email : undefined;
        return (
          <li key={key}>
            <a
              className={classes.contactRow}
              href={href}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <ThemeIcon variant="light" color={COLORS[key]} size={38} radius="xl">
                <Icon size={20} stroke={1.7} />
              </ThemeIcon>
              <span>
                <Text component="span" fw={600} display="block" lh={1.3}>
                  {t(`contactLinks.${key}`)}
                </Text>
                {detail && (
                  <Text component="span" fz="sm" c="dimmed" display="block">
                    <span dir="ltr">{detail}</span>
                  </Text>
                )}
              </span>
              {external && <VisuallyHidden>{t('newTab')}</VisuallyHidden>}
            </a>
          </li>
        );
      })}
    </Stack>
  );
}
