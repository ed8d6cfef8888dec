import { AccountIdSchema, MacSchema } from '@vnoc/contracts';
import { readTableParams, type TableParams } from '../../../components/data-table/table-params.ts';
import { SITE_SORTS } from './site-list-state.ts';

/** The fields Advanced Search offers; the server's free-text search covers each of them. */
export const SEARCH_FIELDS = ['name', 'alias', 'address', 'account', 'mac'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface AdvancedSearchState {
  field: SearchField;
  q: string;
  table: TableParams;
}

export function readAdvancedSearch(params: URLSearchParams): AdvancedSearchState {
  const field = params.get('field');
  return {
    field: field && (SEARCH_FIELDS as readonly string[]).includes(field) ? (field as SearchField) : 'name',
    q: (params.get('q') ?? '').trim().slice(0, 200),
    table: readTableParams(params, SITE_SORTS),
  };
}

/**
 * A field's value as the search sends it, or the message why it cannot be sent: a MAC must pass the
 * contract's MacSchema (and is sent normalised), an account number AccountIdSchema; other fields any text.
 */
export function searchValue(
  field: SearchField,
  raw: string,
): { value: string } | { error: 'required' | 'macInvalid' | 'accountInvalid' } {
  const text = raw.trim();
  if (text === '') return { error: 'required' };
  if (field === 'mac') {
    const parsed = MacSchema.safeParse(text);
    return parsed.success ? { value: parsed.data } : { error: 'macInvalid' };
  }
  if (field === 'account') {
    const parsed = AccountIdSchema.safeParse(text);
    return parsed.success ? { value: parsed.data } : { error: 'accountInvalid' };
  }
  return { value: text.slice(0, 200) };
}
