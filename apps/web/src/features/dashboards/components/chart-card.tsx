// A chart in a card: its title, the chart (loaded lazily with recharts; a skeleton meanwhile) and the
// same figures as a visually hidden table for screen readers. 'Nothing to show yet' without data.
import { Card, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '@/i18n';
import { useLanguage } from './format';

export type ChartDatum = { label: string; value: number };
/** bars by month, bars by category (statuses, levels: along the side), a donut of shares, a line by month. */
export type ChartKind = 'bars' | 'categories' | 'donut' | 'line';

const Chart = lazy(() => import('./charts'));

export type ChartCardProps = {
  title: string;
  kind: ChartKind;
  data: ChartDatum[];
  /** The header of the categories' column in the table (Status, Month, Supplier, Level). */
  categoryLabel: string;
  /** The name of the values (Orders, Amount). */
  seriesLabel: string;
  format: (value: number) => string;
};

export function ChartCard({ title, kind, data, categoryLabel, seriesLabel, format }: ChartCardProps) {
  const { t } = useTranslation('dashboards');
  const language = useLanguage();
  const titleId = useId();
  const hasData = data.some((d) => d.value !== 0);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} style={{ minWidth: 0 }}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          {title}
        </Title>
        {hasData ? (
          <>
            <div aria-hidden="true" style={{ minWidth: 0 }}>
              <Suspense fallback={<Skeleton h={kind === 'categories' ? Math.max(160, data.length * 34) : 240} radius="md" />}>
                <Chart kind={kind} data={data} seriesLabel={seriesLabel} format={format} rtl={directionOf(language) === 'rtl'} />
              </Suspense>
            </div>
            <VisuallyHidden>
              <table>
                <caption>{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{categoryLabel}</th>
                    <th scope="col">{seriesLabel}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((d, index) => (
                    <tr key={index}>
                      <th scope="row">{d.label}</th>
                      <td>{format(d.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
          </>
        ) : (
          <Text c="dimmed">{t('charts.noData')}</Text>
        )}
      </Stack>
    </Card>
  );
}
