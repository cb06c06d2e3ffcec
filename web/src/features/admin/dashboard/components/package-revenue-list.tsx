import { Card, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import type { PaymentStatsResponse } from '../api/get-payment-stats';
import { ListEmpty } from '../../components/list-states';
import { formatUsd } from '@/lib/format';

/** The dot of a package the server gives no colour (default teal). */
export const DEFAULT_PACKAGE_COLOR = '#14b8a6';

/** 'Package Revenue': a coloured dot, the package's name and its revenue. */
export function PackageRevenueList({ packages }: { packages: PaymentStatsResponse['packageData'] }) {
  return (
    <Card as="section" variation="outlined" aria-labelledby="package-revenue-heading">
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize="xl" id="package-revenue-heading">
          Package Revenue
        </Heading>
        {packages.length === 0 ? (
          <ListEmpty text="No package data available" />
        ) : (
          <Flex as="ul" direction="column" gap="small" padding="0" margin="0" aria-label="Revenue by package">
            {packages.map((entry) => (
              <Flex as="li" key={entry.name} alignItems="center" gap="small" className="admin-stat-card">
                <View
                  as="span"
                  aria-hidden="true"
                  data-testid="package-dot"
                  display="inline-block"
                  width="0.75rem"
                  height="0.75rem"
                  borderRadius="50%"
                  backgroundColor={entry.color.trim() || DEFAULT_PACKAGE_COLOR}
                />
                <Text as="span" flex="1">
                  {entry.name}
                </Text>
                <Text as="span" fontWeight="bold">
                  {formatUsd(entry.revenue)}
                </Text>
              </Flex>
            ))}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
