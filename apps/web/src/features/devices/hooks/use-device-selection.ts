import { BATCH_MAX_DEVICES, type DeviceSummary } from '@vnoc/contracts';
import { useEffect, useMemo, useState } from 'react';
import { handleError } from '../../../lib/error-handler.ts';
import { type DeviceSearchParams, searchAllDevices } from '../api/search-devices.ts';

/** What identifies a search's matches, whatever page or order is shown. */
const matchKey = ({ page: _page, pageSize: _size, sorting: _sorting, ...filters }: DeviceSearchParams) =>
  JSON.stringify(filters);

/**
 * The devices ticked on All Devices: rows of the page shown, or — once the whole page is ticked and the user
 * asks — every device matching the filters, across pages (at most BATCH_MAX_DEVICES, a batch's limit). Ticks
 * on rows that left the page are dropped; every match is dropped when the filters change or a row is unticked.
 */
export function useDeviceSelection(
  request: DeviceSearchParams,
  page: readonly DeviceSummary[] | undefined,
  total: number,
) {
  const [ticked, setTicked] = useState<Set<string>>(() => new Set());
  const [every, setEvery] = useState<{ key: string; devices: DeviceSummary[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const key = matchKey(request);
  const everyMatch = every?.key === key ? every.devices : null;

  useEffect(() => {
    const onPage = new Set((page ?? []).map((d) => d.id));
    setTicked((current) => {
      const kept = [...current].filter((id) => onPage.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [page]);

  const devices = useMemo(
    () => everyMatch ?? (page ?? []).filter((d) => ticked.has(d.id)),
    [everyMatch, page, ticked],
  );
  const ids = useMemo(
    () => (everyMatch ? new Set(everyMatch.map((d) => d.id)) : ticked),
    [everyMatch, ticked],
  );
  const pageRows = page?.length ?? 0;
  const wholePage = pageRows > 0 && (page ?? []).every((d) => ticked.has(d.id));

  return {
    /** The ticked devices (every match once chosen). */
    devices,
    /** Ids shown ticked in the table. */
    ids,
    /** Every device matching the filters is selected. */
    everyMatch: everyMatch !== null,
    /** The whole page is ticked and more devices match: every match may be selected (`tooMany` past the limit). */
    offerEvery: everyMatch === null && wholePage && total > pageRows,
    tooMany: total > BATCH_MAX_DEVICES,
    loading,
    onChange(next: Set<string>) {
      setEvery(null);
      setTicked(next);
    },
    async selectEvery() {
      setLoading(true);
      try {
        setEvery({ key, devices: await searchAllDevices(request, BATCH_MAX_DEVICES) });
      } catch (error) {
        handleError(error);
      } finally {
        setLoading(false);
      }
    },
    clear() {
      setEvery(null);
      setTicked(new Set());
    },
  };
}
