import { Select, TextInput } from '@mantine/core';
import type { AnalyticsDuration, Widget } from '@vnoc/contracts';
import { ANALYTICS_DURATIONS } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnyOfSelect } from '../../../components/filter-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useSiteGroups } from '../../../lib/site-groups.ts';
import { DURATION_WIDGETS, GROUP_FILTER_WIDGETS, widgetDuration } from '../utils/layout.ts';

interface WidgetSettingsProps {
  widget: Widget | null;
  /** The dashboard's groups: a widget's own filter picks among them (all groups when it has none). */
  dashboardGroupIds: readonly string[];
  onClose: () => void;
  onApply: (widget: Widget) => void;
}

/** A widget's settings in the editor: its name, its window (where it takes one) and its group filter. */
export function WidgetSettings({ widget, dashboardGroupIds, onClose, onApply }: WidgetSettingsProps) {
  const { t } = useTranslation('dashboards');
  const [name, setName] = useState('');
  const [duration, setDuration] = useState<AnalyticsDuration>('LAST_6_HOURS');
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const groupFilter = widget ? GROUP_FILTER_WIDGETS.has(widget.type) : false;
  const groups = useSiteGroups(groupFilter);

  useEffect(() => {
    if (!widget) return;
    setName(widget.name === widget.type ? '' : widget.name);
    setDuration(widgetDuration(widget));
    const own = widget.details.groupIds;
    setGroupIds(Array.isArray(own) ? own.filter((g): g is string => typeof g === 'string') : []);
  }, [widget]);

  if (!widget) return null;
  const choices = (groups.data ?? [])
    .filter((g) => dashboardGroupIds.length === 0 || dashboardGroupIds.includes(g.id))
    .map((g) => ({ value: g.id, label: g.name }));
  const single = widget.type === 'ActiveAlerts';

  const handleApply = () => {
    const details: Record<string, unknown> = { ...widget.details };
    if (DURATION_WIDGETS.has(widget.type)) details.duration = duration;
    if (groupFilter) {
      if (groupIds.length > 0) details.groupIds = groupIds;
      else delete details.groupIds;
    }
    onApply({ ...widget, name: name.trim(), details });
  };

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('settings.title', { name: t(`widgets.${widget.type}`) })}
      onSubmit={handleApply}
      submitLabel={t('settings.apply')}
    >
      <TextInput
        label={t('settings.name')}
        description={t('settings.nameHelp')}
        placeholder={t(`widgets.${widget.type}`)}
        value={name}
        maxLength={100}
        onChange={(event) => setName(event.currentTarget.value)}
        data-autofocus
      />
      {DURATION_WIDGETS.has(widget.type) && (
        <Select
          label={t('settings.duration')}
          data={ANALYTICS_DURATIONS.map((value) => ({ value, label: t(`durations.${value}`) }))}
          value={duration}
          allowDeselect={false}
          onChange={(value) => value && setDuration(value as AnalyticsDuration)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {groupFilter &&
        (single ? (
          <Select
            label={t('settings.group')}
            description={t('settings.groupHelpOne')}
            placeholder={t('settings.allGroups')}
            data={choices}
            value={groupIds[0] ?? null}
            onChange={(value) => setGroupIds(value ? [value] : [])}
            clearable
            disabled={groups.isPending}
            error={groups.error ? t('settings.groupsFailed') : undefined}
          />
        ) : (
          <AnyOfSelect
            label={t('settings.groups')}
            description={t('settings.groupHelp')}
            anyLabel={t('settings.allGroups')}
            data={choices}
            value={groupIds}
            onChange={setGroupIds}
            disabled={groups.isPending}
            error={groups.error ? t('settings.groupsFailed') : undefined}
          />
        ))}
      {!groupFilter && dashboardGroupIds.length > 0 && (
        <TextInput readOnly label={t('settings.groups')} value={t('settings.followsDashboard')} />
      )}
    </FormModal>
  );
}
