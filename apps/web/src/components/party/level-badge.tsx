// LevelBadge: a coloured badge with the level's name; red below zero, green once active, blue under review.
import { Badge } from '@mantine/core';
import { isProviderActive, isSmeActive } from '@qist/domain';
import { useLevelName } from './level-name';

export type LevelBadgeProps = { level: number; role: 'sme' | 'provider' };

function colorOf(level: number, role: LevelBadgeProps['role']): string {
  if (level < 0) return 'red';
  if (role === 'sme' ? isSmeActive(level) : isProviderActive(level)) return 'green';
  // 4 and above: the documents are in and the back office is deciding
  return level >= 4 ? 'blue' : 'gray';
}

export function LevelBadge({ level, role }: LevelBadgeProps) {
  const levelName = useLevelName();
  return (
    <Badge color={colorOf(level, role)} variant="light" tt="none" data-level={level}>
      {levelName(level)}
    </Badge>
  );
}
