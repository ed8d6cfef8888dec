import { Button, type MultiSelectProps, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ParamPatch } from './data-table/table-params.ts';
import { LazyMultiSelect, LazySelect, LazyTagsInput } from './lazy-select.tsx';

interface DateRangeInputsProps {
  /** `date` for whole days, `datetime-local` to the minute. */
  type: 'date' | 'datetime-local';
  /** The list state's two ends, as the address bar holds them. */
  range: { from: string; to: string };
  labels: { from: string; to: string };
  /** Shown under "from" when the range runs backwards (the list then ignores it). */
  reversedError?: string;
  update: (patch: ParamPatch) => void;
  /** Test ids are `${testIdPrefix}-from` and `${testIdPrefix}-to`. */
  testIdPrefix: string;
}

/** A list filter's "from" and "to" fields, written to the address bar as `from` and `to`. */
export function DateRangeInputs({
  type,
  range,
  labels,
  reversedError,
  update,
  testIdPrefix,
}: DateRangeInputsProps) {
  return (
    <>
      <TextInput
        type={type}
        label={labels.from}
        value={range.from}
        onChange={(event) => update({ from: event.currentTarget.value })}
        error={reversedError}
        data-testid={`${testIdPrefix}-from`}
      />
      <TextInput
        type={type}
        label={labels.to}
        value={range.to}
        onChange={(event) => update({ to: event.currentTarget.value })}
        data-testid={`${testIdPrefix}-to`}
      />
    </>
  );
}

/** Typed models as the `model` parameter takes them: a comma would split one model in two, so it becomes a space. */
export function cleanModels(models: readonly string[]): string[] {
  return models.map((m) => m.replaceAll(',', ' ').trim()).filter(Boolean);
}

interface ModelTagsInputProps {
  label: string;
  /** Shown while no model is chosen. */
  anyLabel: string;
  /** Models to suggest (those seen in the list); any other can be typed. */
  models: string[];
  value: string[];
  update: (patch: ParamPatch) => void;
  'data-testid'?: string;
}

/** The device model filter: suggested or typed models, at most 20. */
export function ModelTagsInput({ label, anyLabel, models, value, update, ...rest }: ModelTagsInputProps) {
  return (
    <LazyTagsInput
      label={label}
      placeholder={value.length ? undefined : anyLabel}
      data={models}
      value={value}
      onChange={(model) => update({ model: cleanModels(model) })}
      clearable
      maxTags={20}
      data-testid={rest['data-testid']}
    />
  );
}

/** Small and quiet: it sits under the filters, not among the page's actions. */
const clearLook = {
  variant: 'subtle',
  size: 'compact-sm',
  leftSection: <IconFilterOff size={14} aria-hidden />,
};

/** The "Clear filters" button under a list's filters. */
export function ClearFiltersButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('table');
  return (
    <Button {...clearLook} onClick={onClick} data-testid="clear-filters">
      {t('clearFilters')}
    </Button>
  );
}

interface GroupFilterProps {
  labels: { group: string; any: string; none: string };
  /** The organization's site groups; undefined while they load. */
  groups: readonly { id: string; name: string }[] | undefined;
  value: string | null;
  update: (patch: ParamPatch) => void;
}

/** The site group filter: one group, searched by name, written to the address bar as `group`. */
export function GroupFilter({ labels, groups, value, update }: GroupFilterProps) {
  return (
    <LazySelect
      label={labels.group}
      placeholder={labels.any}
      data={(groups ?? []).map((group) => ({ value: group.id, label: group.name }))}
      value={value}
      onChange={(group) => update({ group })}
      clearable
      searchable
      nothingFoundMessage={labels.none}
      data-testid="filter-group"
    />
  );
}

interface AnyOfSelectProps extends Omit<MultiSelectProps, 'placeholder' | 'value' | 'clearable'> {
  value: string[];
  /** What choosing nothing means ("Any", "All sites"), shown while nothing is chosen. */
  anyLabel: string;
}

/** A choice of several where choosing none means all of them: it says so while empty, and clears in one click. */
export function AnyOfSelect({ anyLabel, value, ...rest }: AnyOfSelectProps) {
  return (
    <LazyMultiSelect placeholder={value.length ? undefined : anyLabel} value={value} clearable {...rest} />
  );
}
