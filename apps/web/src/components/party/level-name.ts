// The translated name of a verification level (LEVEL_NAMES, by its SME_LEVEL key in the 'party' strings).
import { SME_LEVEL } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';

type LevelKey = keyof typeof SME_LEVEL;

const KEY_BY_LEVEL = new Map<number, LevelKey>(
  (Object.entries(SME_LEVEL) as [LevelKey, number][]).map(([key, level]) => [level, key]),
);

/** A function naming any level in the current language ('Level 9' for one the app does not know). */
export function useLevelName(): (level: number) => string {
  const { t } = useTranslation();
  return (level) => {
    const key = KEY_BY_LEVEL.get(level);
    return key ? t(`party.levels.${key}`) : t('party.unknownLevel', { level });
  };
}
