// The dashboards' charts (@mantine/charts on recharts), a chunk of their own so the figures show before
// it arrives and no other screen carries recharts. Every chart is drawn for the eye only: ChartCard
// gives screen readers (and tests) the same figures as a table. Right-to-left, the category axis runs
// from the right and the value axis stands on the right; the drawing itself is laid out left-to-right
// (SVG anchors its labels by the text direction, which would push Arabic labels onto the bars).
import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ChartDatum, ChartKind } from './chart-card';

export type ChartProps = {
  kind: ChartKind;
  data: ChartDatum[];
  /** The series' name in the tooltip. */
  seriesLabel: string;
  format: (value: number) => string;
  rtl: boolean;
};

/** The value or category axis on the right when right-to-left, its labels clear of the bars. */
const yAxis = (rtl: boolean, width: number) =>
  rtl
    ? { orientation: 'right' as const, width, tick: { transform: 'translate(10, 0)', fontSize: 12, fill: 'currentColor' } }
    : { orientation: 'left' as const, width };

/** The drawing is hidden from assistive technology (the card's table says the same), so nothing in it takes focus. */
const NOT_FOCUSABLE = { accessibilityLayer: false };

const DONUT_COLORS = ['teal.6', 'blue.6', 'violet.6', 'orange.6', 'pink.6', 'cyan.6', 'lime.6', 'grape.6', 'yellow.6', 'indigo.6'];

export default function Chart(props: ChartProps) {
  return <div dir="ltr">{drawing(props)}</div>;
}

function drawing({ kind, data, seriesLabel, format, rtl }: ChartProps): ReactNode {
  const rows = data.map((d) => ({ label: d.label, value: d.value }));
  const series = [{ name: 'value', label: seriesLabel, color: 'teal.6' }];

  if (kind === 'donut') {
    const cells = data.map((d, index) => ({ name: d.label, value: d.value, color: DONUT_COLORS[index % DONUT_COLORS.length] ?? 'gray.6' }));
    return (
      <Stack gap="md">
        <DonutChart
          data={cells}
          valueFormatter={format}
          withTooltip
          tooltipDataSource="segment"
          size={180}
          thickness={28}
          mx="auto"
          accessibilityLayer={false}
          pieProps={{ rootTabIndex: -1 }}
        />
        <Stack gap={6} dir={rtl ? 'rtl' : 'ltr'}>
          {cells.map((cell, index) => (
            <Group key={index} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <ColorSwatch color={`var(--mantine-color-${cell.color.replace('.', '-')})`} size={12} withShadow={false} />
                <Text fz="sm" dir="auto" truncate>
                  {cell.name}
                </Text>
              </Group>
              <Text fz="sm" fw={600} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {format(cell.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    );
  }
  if (kind === 'line') {
    return (
      <LineChart
        h={240}
        data={rows}
        dataKey="label"
        series={series}
        valueFormatter={format}
        curveType="monotone"
        lineChartProps={NOT_FOCUSABLE}
        xAxisProps={{ reversed: rtl }}
        yAxisProps={yAxis(rtl, 80)}
        gridAxis="y"
      />
    );
  }
  if (kind === 'categories') {
    // long names (statuses, levels) read best along the side, one bar a row
    return (
      <BarChart
        h={Math.max(160, rows.length * 34)}
        data={rows}
        dataKey="label"
        series={series}
        orientation="vertical"
        barChartProps={NOT_FOCUSABLE}
        valueFormatter={format}
        xAxisProps={{ reversed: rtl, allowDecimals: false }}
        yAxisProps={yAxis(rtl, 130)}
        gridAxis="x"
      />
    );
  }
  return (
    <BarChart
      h={240}
      data={rows}
      dataKey="label"
      series={series}
      valueFormatter={format}
      xAxisProps={{ reversed: rtl }}
      yAxisProps={yAxis(rtl, 80)}
      gridAxis="y"
      barChartProps={NOT_FOCUSABLE}
    />
  );
}
