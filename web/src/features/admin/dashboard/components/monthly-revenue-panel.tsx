import { lazy, Suspense, useState } from 'react';
import { Card, Flex, Grid, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { MONTH_ABBREVIATIONS, type MonthAbbreviation, type RevenueEntry } from '@goldbot/shared';
import { allChoice, FilterChoiceField, plainChoices, yearFilterChoices } from '../../components/choice-field';
import { ListEmpty } from '../../components/list-states';
import { StatCards } from '../../components/stat-cards';
import { formatUsd } from '@/lib/format';
import type { ChartType } from '../lib/dashboard-options';
import { filterRevenue, MONTH_CARDS_MAX, revenueYears, summarizeRevenue, type TimeRange } from '../lib/revenue-filter';

// recharts arrives in a chunk of its own when the chart is first drawn.
const RevenueChart = lazy(() => import('./revenue-chart'));

const CHART_HEIGHT = 300;

/** This panel's months are the entries' abbreviations, not the server's month index. */
const MONTH_CHOICES = [allChoice('All Months'), ...plainChoices(MONTH_ABBREVIATIONS)];

interface MonthlyRevenuePanelProps {
  entries: readonly RevenueEntry[];
  chartType: ChartType;
  timeRange: TimeRange;
}

/**
 * 'Monthly Revenue': its own year and month filters over the server's months,
 * applied here (the time range when both are 'all'), the summary of what they keep, the first six
 * month cards and the chart of the chosen type.
 */
export function MonthlyRevenuePanel({ entries, chartType, timeRange }: MonthlyRevenuePanelProps) {
  const [year, setYear] = useState<number | 'all'>('all');
  const [month, setMonth] = useState<MonthAbbreviation | 'all'>('all');
  const kept = filterRevenue(entries, { year, month, timeRange });
  const summary = summarizeRevenue(kept);
  const years = revenueYears(entries);
  // The chosen year stays a choice after new figures without it arrive.
  if (year !== 'all' && !years.includes(year)) years.unshift(year);

  return (
    <Card as="section" variation="outlined" aria-labelledby="monthly-revenue-heading">
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small">
          <Heading level={2} fontSize="xl" id="monthly-revenue-heading">
            Monthly Revenue
          </Heading>
          <Flex gap="small" wrap="wrap">
            <FilterChoiceField
              label="Revenue year"
              value={year}
              choices={yearFilterChoices(years)}
              onChoose={setYear}
            />
            <FilterChoiceField label="Revenue month" value={month} choices={MONTH_CHOICES} onChoose={setMonth} />
          </Flex>
        </Flex>
        <StatCards
          cards={[
            { label: 'Total', value: summary.total, format: formatUsd },
            { label: 'Average', value: summary.average, format: formatUsd },
            { label: 'Records', value: summary.count },
          ]}
        />
        {kept.length === 0 ? (
          <ListEmpty text="No revenue data available" />
        ) : (
          <>
            <Text color="font.secondary" fontSize="small">
              Highest {formatUsd(summary.highest)} · Lowest {formatUsd(summary.lowest)}
            </Text>
            <Grid
              as="ul"
              aria-label="Revenue by month"
              templateColumns="repeat(auto-fill, minmax(8rem, 1fr))"
              gap="small"
              padding="0"
              margin="0"
            >
              {kept.slice(0, MONTH_CARDS_MAX).map((entry) => (
                <Card as="li" key={`${entry.year}-${entry.month}`} variation="elevated" className="admin-stat-card">
                  <Text color="font.secondary" fontSize="small">
                    {entry.month}
                  </Text>
                  <Text fontWeight="bold">{formatUsd(entry.revenue)}</Text>
                </Card>
              ))}
            </Grid>
            <Suspense
              fallback={
                <Flex role="status" height={CHART_HEIGHT} alignItems="center" justifyContent="center" gap="small">
                  <Loader />
                  <Text>Loading chart...</Text>
                </Flex>
              }
            >
              <RevenueChart data={kept} type={chartType} />
            </Suspense>
          </>
        )}
      </Flex>
    </Card>
  );
}
