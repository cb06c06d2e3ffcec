import { useState } from 'react';
import {
  Badge,
  Button,
  Flex,
  SwitchField,
  TableCell,
  TableRow,
  Text,
  TextField,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import {
  MAX_PACKAGE_PRICE_USD,
  packageUpdateInputSchema,
  SETTINGS_MESSAGES,
  TOAST_MS,
  type PackageUpdateInput,
} from '@goldbot/shared';
import { ApiError } from '@/lib/api-client';
import { ListLoadFailed, ListLoading } from '../../components/list-states';
import { NoticeAlert } from '../../components/notice-alert';
import { useNotice, type NoticeApi } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { formatUsd } from '@/lib/format';
import {
  useCatalog,
  useCatalogEntryUpdate,
  useUpdatePackage,
  type CatalogPackage,
  type PackageUpdateResponse,
} from '../api/package-catalog';
import { AdminTable } from '../../components/admin-table';
import { fieldErrorProps } from '../../components/field-error-props';
import { TitledCard } from '../../components/titled-card';

export const CATALOG_FETCH_FAILED = 'Failed to fetch packages';
export const PACKAGE_UPDATE_FAILED = 'Failed to update package';

const WHOLE_DOLLARS = /^\d+$/;

/** The price field's text as whole dollars, or the shared schema's message. */
function checkPrice(text: string): { priceUsd: number } | { error: string } {
  const trimmed = text.trim();
  if (!WHOLE_DOLLARS.test(trimmed)) return { error: SETTINGS_MESSAGES.priceWhole };
  const result = packageUpdateInputSchema.safeParse({ priceUsd: Number(trimmed) });
  if (!result.success) return { error: result.error.issues[0]?.message ?? SETTINGS_MESSAGES.priceWhole };
  return { priceUsd: Number(trimmed) };
}

interface PackageRowProps {
  entry: CatalogPackage;
  /** Basic's on-sale flag is the subscription switch: its saved position, or undefined while unknown. */
  basicEnabled: boolean | undefined;
  notice: NoticeApi;
  saving: boolean;
  onSave: (entry: CatalogPackage, input: PackageUpdateInput) => Promise<PackageUpdateResponse | null>;
}

function PackageRow({ entry, basicEnabled, notice, saving, onSave }: PackageRowProps) {
  const [priceText, setPriceText] = useState(String(entry.priceUsd));
  const [onSale, setOnSale] = useState(entry.onSale);
  const [priceError, setPriceError] = useState<string | null>(null);
  const isFreeTrial = entry.slug === 'freeTrial';
  const isBasic = entry.slug === 'basic';

  const priceChanged = !isFreeTrial && priceText.trim() !== String(entry.priceUsd);
  const saleChanged = !isBasic && onSale !== entry.onSale;
  const changed = priceChanged || saleChanged;

  const submit = async () => {
    notice.clear();
    const input: PackageUpdateInput = {};
    if (priceChanged) {
      const price = checkPrice(priceText);
      if ('error' in price) {
        setPriceError(price.error);
        return;
      }
      input.priceUsd = price.priceUsd;
    }
    if (saleChanged) input.onSale = onSale;
    setPriceError(null);
    try {
      const response = await onSave(entry, input);
      // The cached entry is now the server's: the row starts again from it (its key changes).
      if (!response) return;
      notice.show('success', response.message || SETTINGS_MESSAGES.packageUpdated, TOAST_MS.libraryDefault);
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fieldErrors.priceUsd : undefined;
      if (fieldError) setPriceError(fieldError);
      notice.show('error', `${entry.packageName}: ${errorMessage(failure, PACKAGE_UPDATE_FAILED)}`);
    }
  };

  return (
    <TableRow>
      <TableCell>
        <Text fontWeight="bold">{entry.packageName}</Text>
      </TableCell>
      <TableCell>
        <TextField
          label={`${entry.packageName} price (USD)`}
          labelHidden
          name={`price-${entry.slug}`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_PACKAGE_PRICE_USD}
          step={1}
          value={isFreeTrial ? '0' : priceText}
          onChange={(event) => {
            setPriceText(event.target.value);
            setPriceError(null);
          }}
          isReadOnly={isFreeTrial}
          isDisabled={saving}
          descriptiveText={isFreeTrial ? SETTINGS_MESSAGES.freeTrialPrice : undefined}
          {...fieldErrorProps(priceError)}
          width="10rem"
        />
      </TableCell>
      <TableCell>
        {isBasic ? (
          <Flex direction="column" gap="xxs">
            {basicEnabled !== undefined && (
              <Badge alignSelf="flex-start" variation={basicEnabled ? 'success' : 'error'}>
                {basicEnabled ? 'On sale' : 'Off sale'}
              </Badge>
            )}
            <Text fontSize="small" color="font.secondary">
              Set by the Monthly Subscription switch above.
            </Text>
          </Flex>
        ) : (
          <SwitchField
            // SwitchField has no labelHidden: the label is read by screen readers only.
            label={<VisuallyHidden>{`${entry.packageName} on sale`}</VisuallyHidden>}
            name={`onSale-${entry.slug}`}
            isChecked={onSale}
            onChange={(event) => setOnSale(event.target.checked)}
            isDisabled={saving}
          />
        )}
      </TableCell>
      <TableCell>
        <Button
          size="small"
          variation="primary"
          onClick={() => void submit()}
          isDisabled={!changed || saving}
          isLoading={saving}
          loadingText="Saving..."
          ariaLabel={`Save ${entry.packageName}`}
        >
          Save
        </Button>
      </TableCell>
    </TableRow>
  );
}

/**
 * The package catalog's prices and on-sale flags: the same catalog the pricing page, the
 * dashboard cards, the payment modal and the server's amount check read. Whole dollars from 0 to
 * 100,000, checked with the shared schema; the Free Trial stays $0; Basic's on-sale flag is the
 * Monthly Subscription switch. Each row saves on its own, only what changed.
 */
export function PackagePriceEditor({ basicEnabled }: { basicEnabled: boolean | undefined }) {
  const { data, error, isLoading, mutate } = useCatalog();
  const updateEntry = useCatalogEntryUpdate();
  const { update, saving } = useUpdatePackage();
  const notice = useNotice();

  const save = async (entry: CatalogPackage, input: PackageUpdateInput) => {
    const response = await update(entry.slug, input);
    if (response) await updateEntry(entry.slug, response.package);
    return response;
  };

  let body;
  if (isLoading && !data) {
    body = <ListLoading text="Loading packages..." />;
  } else if (!data) {
    body = <ListLoadFailed error={error} fallback={CATALOG_FETCH_FAILED} onRetry={() => void mutate()} />;
  } else {
    const packages = [...data.packages].sort((a, b) => a.sortOrder - b.sortOrder);
    body = (
      <AdminTable label="Package prices" columns={['Package', 'Price (USD)', 'On sale', 'Save']}>
        {packages.map((entry) => (
          <PackageRow
            // A saved entry starts its row again from the server's values.
            key={`${entry.slug}:${entry.priceUsd}:${String(entry.onSale)}`}
            entry={entry}
            basicEnabled={basicEnabled}
            notice={notice}
            saving={saving.has(entry.slug)}
            onSave={save}
          />
        ))}
      </AdminTable>
    );
  }

  return (
    <TitledCard titleId="package-prices-title" title="Package Prices">
      <Text color="font.secondary" fontSize="small">
        The prices customers see on the pricing page, the dashboard and the payment window, and the amount the server
        expects, in whole US dollars ({formatUsd(0)} to {formatUsd(MAX_PACKAGE_PRICE_USD)}). Visitors&rsquo; browsers
        may show the previous price for up to a minute. Payments already submitted keep the price they were submitted
        at. A package off sale cannot be bought.
      </Text>
      <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
      {body}
    </TitledCard>
  );
}
