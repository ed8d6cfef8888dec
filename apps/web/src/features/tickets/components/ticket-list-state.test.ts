import { describe, expect, it } from 'vitest';
import { readTicketListState, ticketListRequest } from './ticket-list-state.ts';

const read = (query: string) => readTicketListState(new URLSearchParams(query));

describe('readTicketListState', () => {
  it.each([
    ['', null],
    ['status=open', 'open'],
    ['status=closed', 'closed'],
    ['status=pending', null],
    ['status=open,closed', null],
  ])('%s → status %s', (query, status) => {
    expect(read(query).status).toBe(status);
  });

  it.each([
    ['sort=number-asc', { id: 'number', desc: false }],
    ['sort=updatedAt-desc', { id: 'updatedAt', desc: true }],
    ['sort=device-asc', null],
  ])('%s → sort %j', (query, sort) => {
    expect(read(query).table.sort).toEqual(sort);
  });
});

describe('ticketListRequest', () => {
  it('sends paging, sorting and the status; none of them when at their defaults', () => {
    expect(ticketListRequest(read('page=3&size=25&sort=subject-asc&status=closed'))).toEqual({
      page: 2,
      pageSize: 25,
      sorting: 'subject-asc',
      status: 'closed',
    });
    expect(ticketListRequest(read(''))).toEqual({
      page: 0,
      pageSize: 50,
      sorting: undefined,
      status: undefined,
    });
  });
});
