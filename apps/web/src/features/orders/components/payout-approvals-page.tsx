// The bank's payout approvals (DESIGN.md §8): the requests by status (pending, approved, rejected), each
// with its order, amount, breakdown and requester. Approve shows the breakdown again before the supplier
// is paid; Reject asks for the reason. A bank user's own pending request offers no Approve: a second bank
// user must approve it. Cards, not a table, so it reads at phone width.
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import { MESSAGES, PAYOUT_APPROVAL_STATUSES, type PayoutApprovalListItem, type PayoutApprovalStatus } from '@qist/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '@/components/data-table/pager';
import { DetailItem } from '@/components/party/party-details';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { APPROVALS_PAGE_SIZE, useApprovePayout, usePayoutApprovals, useRejectPayout } from '../api/payout-approvals';
import { OrderBreakdown } from './order-breakdown';
import { Amount, useFormatAmount } from '@/lib/amounts';

function useDateTime() {
  const { i18n } = useTranslation();
  return (iso: string) => new Date(iso).toLocaleString(i18n.language === 'ar' ? 'ar' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

function ApproveDialog({ approval, onClose }: { approval: PayoutApprovalListItem; onClose: () => void }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('orders');
  const approve = useApprovePayout();
  const close = () => {
    if (!approve.isPending) onClose();
  };
  const onApprove = () =>
    approve.mutate(
      { approvalId: approval._id },
      {
        onSuccess: () => {
          notify.success(MESSAGES.payoutApproved);
          onClose();
        },
        // a refusal's msg is already an error toast (lib/api.ts)
        onError: onClose,
      },
    );
  return (
    <Modal opened onClose={close} centered size="lg" title={t('payout.approveTitle')} closeOnClickOutside={!approve.isPending} closeOnEscape={!approve.isPending}>
      <Stack gap="md">
        <Text>{t('payout.approveLine', { amount: formatAmount(approval.breakdown.supplierPayout) })}</Text>
        <OrderBreakdown breakdown={approval.breakdown} />
        <Group justify="flex-end" gap="sm" grow>
          <Button variant="default" onClick={close} disabled={approve.isPending}>
            {t('payout.cancel')}
          </Button>
          <Button color="green" onClick={onApprove} loading={approve.isPending} data-autofocus>
            {t('payout.confirmApprove')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RejectDialog({ approval, onClose }: { approval: PayoutApprovalListItem; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const reject = useRejectPayout();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (!reject.isPending) onClose();
  };
  const onReject = (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(MESSAGES.payoutReasonRequired);
      return;
    }
    reject.mutate(
      { approvalId: approval._id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(MESSAGES.payoutRejected);
          onClose();
        },
        onError: onClose,
      },
    );
  };
  return (
    <Modal opened onClose={close} centered size="md" title={t('payout.rejectTitle')} closeOnClickOutside={!reject.isPending} closeOnEscape={!reject.isPending}>
      <form noValidate onSubmit={onReject}>
        <Stack gap="md">
          <Textarea
            label={t('payout.reasonLabel')}
            placeholder={t('payout.reasonPlaceholder')}
            required
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error ? tm(error) : undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm" grow>
            <Button variant="default" onClick={close} disabled={reject.isPending}>
              {t('payout.cancel')}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t('payout.confirmReject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ApprovalCard({ approval, mine, onApprove, onReject }: { approval: PayoutApprovalListItem; mine: boolean; onApprove: () => void; onReject: () => void }) {
  const { t } = useTranslation('orders');
  const dateTime = useDateTime();
  const money = (value: number) => <Amount value={value} />;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${t('payout.order')} ${approval.order.description}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{approval.order.description}</Text>
          <Badge variant="light" color={approval.status === 'approved' ? 'green' : approval.status === 'rejected' ? 'red' : 'yellow'}>
            {t(`payout.tabs.${approval.status}`)}
          </Badge>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="xs" m={0}>
          <DetailItem label={t('payout.amount')}>{money(approval.amount)}</DetailItem>
          <DetailItem label={t('backoffice.supplierPayout')}>{money(approval.breakdown.supplierPayout)}</DetailItem>
          <DetailItem label={t('backoffice.discount')}>{money(approval.breakdown.discount)}</DetailItem>
          <DetailItem label={t('backoffice.bankShare')}>{money(approval.breakdown.bankShare)}</DetailItem>
          <DetailItem label={t('payout.sme')}>{approval.order.sme ?? '—'}</DetailItem>
          <DetailItem label={t('payout.supplier')}>{approval.order.supplier ?? '—'}</DetailItem>
          <DetailItem label={t('payout.requestedBy')}>
            <span dir="ltr">{approval.requester.email}</span>
          </DetailItem>
          <DetailItem label={t('payout.requestedAt')}>{dateTime(approval.requestedAt)}</DetailItem>
          {approval.decidedBy && (
            <DetailItem label={t('payout.decidedBy')}>
              <span dir="ltr">{approval.decidedBy.email}</span>
              {approval.decidedAt ? ` · ${dateTime(approval.decidedAt)}` : ''}
            </DetailItem>
          )}
          {approval.reason && <DetailItem label={t('payout.reason')}>{approval.reason}</DetailItem>}
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Anchor component={Link} to={paths.bank.order.getHref(approval.orderId)} fz="sm">
            {t('payout.seeOrder')}
          </Anchor>
          {approval.status === 'pending' && (
            <Group gap="sm">
              {mine ? (
                <Text fz="sm" c="dimmed">
                  {t('payout.yours')}
                </Text>
              ) : (
                <Button size="sm" color="green" leftSection={<IconCheck size={16} />} onClick={onApprove}>
                  {t('payout.approve')}
                </Button>
              )}
              <Button size="sm" variant="light" color="red" leftSection={<IconX size={16} />} onClick={onReject}>
                {t('payout.reject')}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function ApprovalList({ status }: { status: PayoutApprovalStatus }) {
  const { t } = useTranslation('orders');
  const session = useSession();
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ approval: PayoutApprovalListItem; decision: 'approve' | 'reject' } | null>(null);
  const query = usePayoutApprovals(status, page);

  if (query.isPending) {
    return (
      <Group justify="center" py="xl" role="status" aria-label={t('payout.loading')}>
        <Loader size="sm" />
        <Text c="dimmed">{t('payout.loading')}</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={t('payout.failed')}>
        <Button variant="light" size="xs" onClick={() => void query.refetch()}>
          {t('payout.retry')}
        </Button>
      </Alert>
    );
  }
  const { approvals, count } = query.data;
  return (
    <Stack gap="md">
      {approvals.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t(`payout.empty.${status}`)}
        </Text>
      ) : (
        approvals.map((approval) => (
          <ApprovalCard
            key={approval._id}
            approval={approval}
            mine={session.email !== null && approval.requester.email === session.email}
            onApprove={() => setDeciding({ approval, decision: 'approve' })}
            onReject={() => setDeciding({ approval, decision: 'reject' })}
          />
        ))
      )}
      <Pager count={count} page={page} onChange={setPage} perPage={APPROVALS_PAGE_SIZE} />
      {deciding?.decision === 'approve' && <ApproveDialog approval={deciding.approval} onClose={() => setDeciding(null)} />}
      {deciding?.decision === 'reject' && <RejectDialog approval={deciding.approval} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}

export function PayoutApprovalsPage() {
  const { t } = useTranslation('orders');
  const [status, setStatus] = useState<PayoutApprovalStatus>('pending');
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('payout.approvalsTitle')}
      </Title>
      <Tabs value={status} onChange={(value) => setStatus((value as PayoutApprovalStatus | null) ?? 'pending')} keepMounted={false}>
        <Tabs.List>
          {PAYOUT_APPROVAL_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`payout.tabs.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PAYOUT_APPROVAL_STATUSES.map((s) => (
          <Tabs.Panel key={s} value={s} pt="md">
            <ApprovalList status={s} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
