// The contact table (Role, Name, Email, Phone) with mailto: and tel: links, for the people whose
// channels are configured (config/contact.ts); a channel not configured shows a dash. With nobody
// configured, a sentence points to the pre-registration form instead. On phones each row becomes a
// small card whose cells carry their column's name.
import { Anchor, Table, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getContactPeople } from '@/config/contact';
import { paths } from '@/config/paths';
import classes from './contact-table.module.css';

export function ContactTable({ labelledBy }: { labelledBy?: string }) {
  const { t } = useTranslation('public');
  const people = getContactPeople();
  if (people.length === 0) {
    return (
      <Text c="dimmed">
        <Trans
          t={t}
          i18nKey="contact.table.none"
          components={{ form: <Anchor component={Link} to={paths.public.preRegister.getHref()} fz="inherit" underline="always" /> }}
        />
      </Text>
    );
  }
  const columns = {
    role: t('contact.table.role'),
    name: t('contact.table.name'),
    email: t('contact.table.email'),
    phone: t('contact.table.phone'),
  };
  return (
    <Table className={classes.table} verticalSpacing="md" horizontalSpacing="md" aria-labelledby={labelledBy} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{columns.role}</Table.Th>
          <Table.Th>{columns.name}</Table.Th>
          <Table.Th>{columns.email}</Table.Th>
          <Table.Th>{columns.phone}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {people.map((contact) => (
          <Table.Tr key={contact.role}>
            <Table.Td data-label={columns.role} fw={600}>
              {t(`contact.table.${contact.role}`)}
            </Table.Td>
            <Table.Td data-label={columns.name}>{t(`people.${contact.person}`)}</Table.Td>
            <Table.Td data-label={columns.email}>
              {contact.email ? (
                <Anchor href={`mailto:${contact.email}`} dir="ltr" fz="sm">
                  {contact.email}
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
            <Table.Td data-label={columns.phone}>
              {contact.phone ? (
                <Anchor href={contact.phone.href} dir="ltr" fz="sm">
                  {contact.phone.display}
                </Anchor>
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
