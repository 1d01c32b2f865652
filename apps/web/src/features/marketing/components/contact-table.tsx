// The contact table (Role, Name, Email, Phone) with mailto: and tel: links. On phones each row
// becomes a small card whose cells carry their column's name.
import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CONTACT_PEOPLE } from '../contact-details';
import classes from './contact-table.module.css';

export function ContactTable({ labelledBy }: { labelledBy?: string }) {
  const { t } = useTranslation('public');
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
        {CONTACT_PEOPLE.map((contact) => (
          <Table.Tr key={contact.role}>
            <Table.Td data-label={columns.role} fw={600}>
              {t(`contact.table.${contact.role}`)}
            </Table.Td>
            <Table.Td data-label={columns.name}>{t(`people.${contact.person}`)}</Table.Td>
            <Table.Td data-label={columns.email}>
              <Anchor href={`mailto:${contact.email}`} dir="ltr" fz="sm">
                {contact.email}
              </Anchor>
            </Table.Td>
            <Table.Td data-label={columns.phone}>
              <Anchor href={contact.phone.href} dir="ltr" fz="sm">
                {contact.phone.display}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
