import { CheckIcon, MinusIcon } from '@/components/ui/icons';
import { COMPARISON_COLUMNS, COMPARISON_ROWS, type CellValue } from '@/config/plans';
import './pricing.css';

function Cell({ value }: { value: CellValue }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <span className="comparison__yes">
      <CheckIcon size={18} />
      <span className="visually-hidden">Included</span>
    </span>
  ) : (
    <span className="comparison__no">
      <MinusIcon size={18} />
      <span className="visually-hidden">Not included</span>
    </span>
  );
}

/** The comparison table of every plan, row by row. */
export function ComparisonTable() {
  return (
    // Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too.
    <div className="comparison" role="region" aria-labelledby="comparison-caption" tabIndex={0}>
      <table className="comparison__table">
        <caption id="comparison-caption" className="comparison__caption">
          Compare the plans feature by feature
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Feature</span>
            </th>
            {COMPARISON_COLUMNS.map((column) => (
              <th key={column} scope="col" className={column === 'Basic' ? 'comparison__featured' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {COMPARISON_ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.map((value, index) => (
                <td key={COMPARISON_COLUMNS[index]} className={index === 1 ? 'comparison__featured' : undefined}>
                  <Cell value={value} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
