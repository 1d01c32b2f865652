// What the verification page shows instead of the stepper once onboarding is over (part 1 §4): waiting
// for the admin (4), the bank (SME 5) or the insurances (SME 6); approved by an insurance with the granted
// credit (SME 7); banned (-1) or rejected by every insurance (-6).
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MESSAGES, SME_LEVEL, type SmeProfile } from '@qist/domain';
import { IconBan, IconCircleCheck, IconHourglassHigh, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { isSmeProfile, type PartyProfile } from '@/lib/party-profile';
import type { PartyRole } from '../api/keys';
import { Amount } from '@/lib/amounts';

/** Whether `level` has a screen of its own for this role (else the stepper, or nothing, applies). */
export function hasLevelScreen(role: PartyRole, level: number): boolean {
  if (level === SME_LEVEL.docsUploaded || level === SME_LEVEL.fullRejected) return true;
  return (
    role === 'sme' &&
    (level === SME_LEVEL.adminVerified ||
      level === SME_LEVEL.bankVerified ||
      level === SME_LEVEL.insuranceVerified ||
      level === SME_LEVEL.allInsuranceRejected)
  );
}

function Screen({ icon: IconShape, color, title, children }: { icon: Icon; color: string; title: string; children?: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="xl" maw={640}>
      <Stack align="center" ta="center" gap="md" role={color === 'red' ? 'alert' : undefined}>
        <ThemeIcon size={64} radius={64} variant="light" color={color}>
          <IconShape size={36} stroke={1.5} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function LevelScreen({ role, level, profile }: { role: PartyRole; level: number; profile: PartyProfile | undefined }) {
  const { t } = useTranslation('onboarding');
  const tm = useTranslateMessage();
  const message = (text: string) => tm(text) ?? text;
  const profileLink = (
    <Button component={Link} to={paths[role].profile.getHref()} variant="light">
      {t('levelScreen.goToProfile')}
    </Button>
  );

  if (level === SME_LEVEL.fullRejected) return <Screen icon={IconBan} color="red" title={message(MESSAGES.banned)} />;
  if (level === SME_LEVEL.allInsuranceRejected) {
    return <Screen icon={IconBan} color="red" title={message(MESSAGES.rejectedByInsurances)} />;
  }
  if (level === SME_LEVEL.docsUploaded) {
    return (
      <Screen icon={IconHourglassHigh} color="blue" title={message(MESSAGES.waitingForAdmin)}>
        {profileLink}
      </Screen>
    );
  }
  if (level === SME_LEVEL.adminVerified) {
    return (
      <Screen icon={IconHourglassHigh} color="blue" title={message(MESSAGES.verifiedByAdminWaitingBank)}>
        {profileLink}
      </Screen>
    );
  }
  if (level === SME_LEVEL.bankVerified) {
    return (
      <Screen icon={IconHourglassHigh} color="blue" title={message(MESSAGES.verifiedByBankWaitingInsurances)}>
        {profileLink}
      </Screen>
    );
  }
  if (level === SME_LEVEL.insuranceVerified) {
    const sme: SmeProfile | null = profile && isSmeProfile(profile) ? profile : null;
    return (
      <Screen icon={IconCircleCheck} color="green" title={t('levelScreen.approvedTitle')}>
        <Text>{t('levelScreen.approvedText')}</Text>
        {sme && (
          <Stack gap={0}>
            <Text fz="sm" c="dimmed">
              {t('levelScreen.grantedCredit')}
            </Text>
            <Text fz={28} fw={800}>
              <Amount value={sme.credit.limit} />
            </Text>
          </Stack>
        )}
        <Text c="dimmed">{t('levelScreen.waitingActivation')}</Text>
        {profileLink}
      </Screen>
    );
  }
  return null;
}
