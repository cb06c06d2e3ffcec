import { SelectField, type SelectFieldProps } from '@aws-amplify/ui-react';
import { MONTH_ABBREVIATIONS } from '@goldbot/shared';

/** One option of a ChoiceField: the value it chooses and the text it shows. */
export interface Choice<T extends string | number> {
  value: T;
  label: string;
}

/** Choices that show their own value: years, package names, currency codes. */
export const plainChoices = <T extends string | number>(values: readonly T[]): Choice<T>[] =>
  values.map((value) => ({ value, label: String(value) }));

/** Jan to Dec, each choosing its index: the month (0-11) the server's filters take. */
export const MONTH_INDEX_CHOICES: ReadonlyArray<Choice<number>> = MONTH_ABBREVIATIONS.map((label, index) => ({
  value: index,
  label,
}));

/** The first choice of a filter, 'All Years', 'All Months': it chooses 'all'. */
export const allChoice = (label: string): Choice<'all'> => ({ value: 'all', label });

/** A month filter's choices: 'All Months', then Jan to Dec by index. */
export const MONTH_FILTER_CHOICES: ReadonlyArray<Choice<number | 'all'>> = [
  allChoice('All Months'),
  ...MONTH_INDEX_CHOICES,
];

/** A year filter's choices: 'All Years', then `years`. */
export const yearFilterChoices = (years: readonly number[]): Choice<number | 'all'>[] => [
  allChoice('All Years'),
  ...plainChoices(years),
];

type ChoiceFieldProps<T extends string | number> = Omit<
  SelectFieldProps,
  'value' | 'onChange' | 'children' | 'options'
> & {
  choices: ReadonlyArray<Choice<T>>;
  value: T;
  onChoose: (value: T) => void;
};

/**
 * The back-office's native select over a fixed list of choices. It hands back the chosen value as
 * its own type (a year stays a number), so no caller parses or casts the option's string.
 */
export function ChoiceField<T extends string | number>({ choices, value, onChoose, ...field }: ChoiceFieldProps<T>) {
  return (
    <SelectField
      {...field}
      value={String(value)}
      onChange={(event) => {
        // A placeholder option is none of the choices: choosing it changes nothing.
        const chosen = choices.find((choice) => String(choice.value) === event.target.value);
        if (chosen) onChoose(chosen.value);
      }}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectField>
  );
}

/** A filter bar's select (the dashboard's, the revenue panel's, the history's): a small ChoiceField. */
export function FilterChoiceField<T extends string | number>(props: ChoiceFieldProps<T>) {
  return <ChoiceField size="small" {...props} />;
}
