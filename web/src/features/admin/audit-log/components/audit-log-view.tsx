import { useState } from 'react';
import { Flex, TableCell, TableRow, Text, View } from '@aws-amplify/ui-react';
import { ChoiceField } from '../../components/choice-field';
import { PagedTable } from '../../components/paged-table';
import { formatDateTime } from '@/lib/format';
import { useAuditLog } from '../api/get-audit-log';
import { ACTION_LABELS, actorText, changeText, detailLines, monthOptions, targetText } from '../lib/audit-text';

export const NO_ENTRIES = 'No admin actions recorded this month';
export const FETCH_AUDIT_LOG_FAILED = 'Failed to fetch the audit log';

/**
 * The audit log: every admin action that changed something, one UTC month at a time,
 * newest first: when, who, what, on which item, the before/after status and the facts recorded.
 */
export function AuditLogView() {
  // The options are fixed when the screen opens, so a picked month never vanishes at midnight.
  const [options] = useState(() => monthOptions());
  const [month, setMonth] = useState(() => options[0]?.value ?? new Date().toISOString().slice(0, 7));
  const list = useAuditLog(month);

  return (
    <Flex direction="column" gap="large">
      <View maxWidth="16rem">
        <ChoiceField
          label="Month"
          descriptiveText="Months in UTC"
          value={month}
          choices={options}
          onChoose={setMonth}
        />
      </View>
      <PagedTable
        list={list}
        loadingText="Loading audit log..."
        emptyText={NO_ENTRIES}
        errorText={FETCH_AUDIT_LOG_FAILED}
        label="Admin actions"
        columns={['When', 'Admin', 'Action', 'Target', 'Change', 'Details']}
        row={(entry) => {
          const lines = detailLines(entry);
          return (
            <TableRow key={entry._id}>
              <TableCell whiteSpace="nowrap">{formatDateTime(entry.at)}</TableCell>
              <TableCell style={{ overflowWrap: 'break-word' }}>{actorText(entry)}</TableCell>
              <TableCell>{ACTION_LABELS[entry.action]}</TableCell>
              <TableCell style={{ overflowWrap: 'break-word' }}>{targetText(entry)}</TableCell>
              <TableCell>{changeText(entry) ?? '-'}</TableCell>
              <TableCell>
                {lines.length === 0
                  ? '-'
                  : lines.map(({ label, text }) => (
                      <Text key={label} fontSize="small" style={{ overflowWrap: 'break-word' }}>
                        <Text as="span" color="font.secondary">
                          {label}:
                        </Text>{' '}
                        {text}
                      </Text>
                    ))}
              </TableCell>
            </TableRow>
          );
        }}
      />
    </Flex>
  );
}
