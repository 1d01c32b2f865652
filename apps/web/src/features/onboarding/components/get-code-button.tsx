// 'Get Code': disabled with a countdown ('Get Code (19s)') for the wait the server named (retryAfter).
import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type GetCodeButtonProps = ButtonProps & {
  remaining: number;
  loading: boolean;
  onClick?: () => void;
  type?: 'button' | 'submit';
};

export function GetCodeButton({ remaining, loading, disabled, onClick, type = 'button', ...props }: GetCodeButtonProps) {
  const { t } = useTranslation('onboarding');
  const counting = remaining > 0;
  return (
    <Button
      type={type}
      variant="light"
      onClick={onClick}
      loading={loading}
      disabled={disabled || counting}
      style={{ flexShrink: 0 }}
      {...props}
    >
      {counting ? t('code.getCodeIn', { seconds: remaining }) : t('code.getCode')}
    </Button>
  );
}
