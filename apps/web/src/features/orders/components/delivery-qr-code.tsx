// The delivery QR code the SME shows the supplier (DESIGN.md §7, Verify code): it encodes the delivery
// link /delivered-order?orderId=…&verifyCode=… on this site. The QR encoder is fetched with the first
// code shown, so no other page carries it.
import { Button, Card, Center, CopyButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrSvg, encodeQr } from '@/components/ui/qr-code';
import { paths } from '@/config/paths';

/** The address the supplier's phone opens when it scans the code. */
export function deliveryLink(orderId: string, verifyCode: string, origin = window.location.origin): string {
  return `${origin}${paths.public.deliveredOrder.getHref()}?${new URLSearchParams({ orderId, verifyCode }).toString()}`;
}

export function DeliveryQrCode({ orderId, verifyCode }: { orderId: string; verifyCode: string }) {
  const { t } = useTranslation('orders');
  const link = deliveryLink(orderId, verifyCode);
  const [encoded, setEncoded] = useState<{ link: string; modules: boolean[][] } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    encodeQr(link).then(
      (modules) => {
        if (isCurrent) setEncoded({ link, modules });
      },
      () => {
        // the encoder could not be fetched (offline): the verify code below still lets the supplier type it
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [link]);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="delivery-qr-title">
      <Stack gap="sm" align="center">
        <Title order={2} fz="lg" id="delivery-qr-title" ta="center">
          {t('detail.qr.title')}
        </Title>
        <Text c="dimmed" fz="sm" ta="center">
          {t('detail.qr.hint')}
        </Text>
        <Center w={232} mih={232} maw="100%">
          {encoded?.link === link ? (
            <QrSvg modules={encoded.modules} label={t('detail.qr.label')} value={link} />
          ) : (
            <Loader size="sm" aria-label={t('detail.loading')} />
          )}
        </Center>
        <Text fz="sm">
          {t('detail.qr.code')}{' '}
          <Text span ff="monospace" fw={700} dir="ltr">
            {verifyCode}
          </Text>
        </Text>
        <Group gap="xs" wrap="nowrap" w="100%" maw={420}>
          <TextInput readOnly value={link} aria-label={t('detail.qr.link')} dir="ltr" style={{ flex: 1, minWidth: 0 }} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? t('detail.qr.copied') : t('detail.qr.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Card>
  );
}
