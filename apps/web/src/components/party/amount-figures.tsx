// Amounts under their labels, as a description list: the credit panel's four figures and the SME
// dashboard's limit, used and available. Each amount reads left to right inside the page's direction.
import { SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';
import { Amount } from '@/lib/amounts';

export type AmountFiguresProps = {
  figures: readonly { key: string; label: string; value: number }[];
  cols: SimpleGridProps['cols'];
};

export function AmountFigures({ figures, cols }: AmountFiguresProps) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="md" m={0}>
      {figures.map(({ key, label, value }) => (
        <Stack key={key} gap={2} style={{ minWidth: 0 }}>
          <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text component="dd" m={0} fz="lg" fw={700}>
            <Amount value={value} />
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
