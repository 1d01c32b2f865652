// An SME's profile in the admin, bank and insurance areas (part 2 §2): the head, the tabs as routes
// (info, documents, and for the admin the verification timeline), then the decision the viewer may take.
import { Stack } from '@mantine/core';
import { type BackOfficeRole, type SmeProfile } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CreditPanel } from '@/components/party/credit-panel';
import { PartyDetails } from '@/components/party/party-details';
import { useSme } from '../../api/get-sme';
import { useSmeLogs } from '../../api/get-sme-logs';
import { smePaths } from '../../roles';
import { SmeDecisionPanel } from '../decisions/sme-decision-panel';
import { PartyDocuments } from './party-documents';
import { PartyHeader } from './party-header';
import { ProfileFrame } from './profile-frame';
import { ProfileTabs, type ProfileTab } from './profile-tabs';
import { VerificationTimeline } from './verification-timeline';
import { Amount } from '@/lib/amounts';

function hasGrantedCredit(sme: SmeProfile): boolean {
  return sme.credit.limit > 0 || sme.installments.length > 0;
}

function SmeTimeline({ role, id }: { role: BackOfficeRole; id: string }) {
  const logs = useSmeLogs(role, id);
  return (
    <VerificationTimeline
      logs={logs.data}
      isLoading={logs.isPending}
      isError={logs.isError}
      onRetry={() => void logs.refetch()}
    />
  );
}

export function SmeProfilePage({ role, tab }: { role: BackOfficeRole; tab: ProfileTab }) {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const query = useSme(role, id);
  const hrefs = smePaths(role);
  const sme = query.data;

  const tabs: { value: ProfileTab; href: string }[] = [
    { value: 'info', href: hrefs.info(id) },
    { value: 'documents', href: hrefs.documents(id) },
  ];
  if (hrefs.timeline) tabs.push({ value: 'timeline', href: hrefs.timeline(id) });

  return (
    <ProfileFrame backHref={hrefs.list} backLabel={t('profile.backToSmes')} isPending={query.isPending} isError={query.isError}>
      {sme && (
        <Stack gap="lg">
          <PartyHeader
            profile={sme}
            role="sme"
            figures={[
              { key: 'requested', label: t('profile.requestedCredit'), value: <Amount value={sme.credit.request} /> },
              { key: 'credit', label: t('profile.credit'), value: <Amount value={sme.credit.limit} /> },
            ]}
          />
          <ProfileTabs active={tab} tabs={tabs}>
            {tab === 'info' && (
              <Stack gap="md">
                <PartyDetails profile={sme} role="sme" />
                {/* the credit and plan once an insurance company granted a limit; before, the head says it all */}
                {hasGrantedCredit(sme) && <CreditPanel sme={sme} />}
              </Stack>
            )}
            {tab === 'documents' && <PartyDocuments docs={sme.docs} />}
            {tab === 'timeline' && <SmeTimeline role={role} id={id} />}
          </ProfileTabs>
          <SmeDecisionPanel key={`${sme._id}:${sme.level}`} role={role} sme={sme} />
        </Stack>
      )}
    </ProfileFrame>
  );
}
