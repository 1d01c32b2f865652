// /sme/verification and /provider/verification: the 4-step stepper at the step of the level (0-3, and
// the information step again at -2), or the level's own screen; the Verification Timeline below. A
// rejected party reads the reason of its rejection first, above everything.
import { Alert, Button, Card, Center, Loader, Stack, Stepper, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { currentStep } from '@qist/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/lib/party-profile';
import { useSession } from '@/lib/session';
import type { PartyRole } from '../api/keys';
import { DocumentsStep } from './documents-step';
import { EmailStep } from './email-step';
import { InfoForm } from './info-form';
import { hasLevelScreen, LevelScreen } from './level-screen';
import { PhoneStep } from './phone-step';
import { RejectionAlert } from './rejection-alert';
import { VerificationTimeline } from './verification-timeline';

const STEPS = ['email', 'phone', 'info', 'documents'] as const;

function StepContent({ role, level, step }: { role: PartyRole; level: number; step: number }) {
  const profile = useProfile(role);
  switch (STEPS[step]) {
    case 'email':
      return <EmailStep role={role} />;
    case 'phone':
      return <PhoneStep role={role} />;
    case 'info':
      // the form is prefilled at -2: wait for the profile first (a failure leaves it empty)
      if (profile.isPending) {
        return (
          <Center py="xl">
            <Loader />
          </Center>
        );
      }
      return <InfoForm key={level} role={role} level={level} profile={profile.data} />;
    default:
      return <DocumentsStep role={role} level={level} />;
  }
}

export function VerificationPage({ role }: { role: PartyRole }) {
  const { t } = useTranslation('onboarding');
  const session = useSession();
  const profile = useProfile(role);
  const narrow = useMediaQuery('(max-width: 36em)');
  // the profile's level is the fresh one; until it arrives (or if it fails) the session's
  const level = profile.data?.level ?? session.level;
  const step = level === null ? null : currentStep(level);

  let body;
  if (level === null) {
    body = profile.isError ? (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={t('profile.failed')}>
        <Button size="xs" variant="white" color="red" mt="xs" onClick={() => void profile.refetch()}>
          {t('profile.retry')}
        </Button>
      </Alert>
    ) : (
      <Center py="xl" role="status" aria-label={t('profile.loading')}>
        <Loader />
      </Center>
    );
  } else if (step !== null) {
    body = (
      <Card withBorder radius="lg" padding={narrow ? 'sm' : 'xl'}>
        <Stepper
          active={step}
          size={narrow ? 'xs' : 'sm'}
          iconSize={narrow ? 28 : undefined}
          allowNextStepsSelect={false}
          aria-label={t('verification.stepsLabel')}
          styles={{ steps: { flexWrap: 'nowrap' }, separator: { marginInline: narrow ? 4 : undefined } }}
        >
          {STEPS.map((key, index) => (
            <Stepper.Step
              key={key}
              // on a phone only the current step is named, so the four steps fit in one row
              label={narrow && index !== step ? undefined : t(`verification.steps.${key}`)}
              aria-label={t(`verification.steps.${key}`)}
              description={narrow ? undefined : t(`verification.stepDescriptions.${key}`)}
              aria-current={index === step ? 'step' : undefined}
            >
              <Stack pt="lg">
                <StepContent role={role} level={level} step={index} />
              </Stack>
            </Stepper.Step>
          ))}
        </Stepper>
      </Card>
    );
  } else if (hasLevelScreen(role, level)) {
    body = <LevelScreen role={role} level={level} profile={profile.data} />;
  } else {
    body = null;
  }

  return (
    <Stack gap="xl">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('verification.title')}
      </Title>
      {level !== null && <RejectionAlert role={role} level={level} />}
      {body}
      <VerificationTimeline role={role} />
    </Stack>
  );
}
