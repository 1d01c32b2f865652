// A supplier's profile in the admin area: the head with its discount percent, the tabs as routes
// (info, documents, verification timeline), and at level 4 the admin's decision.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatPercent } from '@/components/party/format';
import { PartyDetails } from '@/components/party/party-details';
import { paths } from '@/config/paths';
import { useProvider } from '../../api/get-provider';
import { useProviderLogs } from '../../api/get-provider-logs';
import { canDecideOnSupplier } from '../../roles';
import { SupplierDecisionForm } from '../decisions/supplier-decision-form';
import { PartyDocuments } from './party-documents';
import { PartyHeader } from './party-header';
import { ProfileFrame } from './profile-frame';
import { ProfileTabs, type ProfileTab } from './profile-tabs';
import { VerificationTimeline } from './verification-timeline';

const P = paths.admin;

function SupplierTimeline({ id }: { id: string }) {
  const logs = useProviderLogs(id);
  return (
    <VerificationTimeline
      logs={logs.data}
      isLoading={logs.isPending}
      isError={logs.isError}
      onRetry={() => void logs.refetch()}
    />
  );
}

export function SupplierProfilePage({ tab }: { tab: ProfileTab }) {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const query = useProvider(id);
  const provider = query.data;

  const tabs: { value: ProfileTab; href: string }[] = [
    { value: 'info', href: P.supplierInfo.getHref(id) },
    { value: 'documents', href: P.supplierDocuments.getHref(id) },
    { value: 'timeline', href: P.supplierTimeline.getHref(id) },
  ];

  return (
    <ProfileFrame
      backHref={P.suppliers.getHref()}
      backLabel={t('profile.backToSuppliers')}
      isPending={query.isPending}
      isError={query.isError}
    >
      {provider && (
        <Stack gap="lg">
          <PartyHeader
            profile={provider}
            role="provider"
            figures={[
              {
                key: 'discount',
                label: t('profile.discountPercent'),
                value: provider.tax_rate === null ? '-' : <span dir="ltr">{formatPercent(provider.tax_rate)}</span>,
              },
            ]}
          />
          <ProfileTabs active={tab} tabs={tabs}>
            {tab === 'info' && <PartyDetails profile={provider} role="provider" />}
            {tab === 'documents' && <PartyDocuments docs={provider.docs} />}
            {tab === 'timeline' && <SupplierTimeline id={id} />}
          </ProfileTabs>
          {canDecideOnSupplier(provider.level) && <SupplierDecisionForm key={provider._id} provider={provider} />}
        </Stack>
      )}
    </ProfileFrame>
  );
}
