import type { SupportPeopleQuery } from '@vnoc/contracts';
import type { AppContext } from '../../context.ts';
import { pageOfRows } from '../../sql/paging.ts';
import { presentPerson } from './present.ts';
import { findSupportPeople } from './repository.ts';

/** GET support/people: a page of customer organizations' people matching the search. */
export function listSupportPeople(ctx: AppContext, query: SupportPeopleQuery) {
  return pageOfRows(query, (page) => findSupportPeople(ctx.db, { ...query, ...page }), presentPerson);
}
