import { parseListQuery } from '../src/api/list-query';

describe('parseListQuery', () => {
  it('accepts no parameters at all', () => {
    expect(parseListQuery(undefined)).toEqual({ success: true, data: {} });
  });

  it('reads a limit and a cursor', () => {
    expect(parseListQuery({ limit: '20', cursor: 'abc' })).toEqual({
      success: true,
      data: { limit: 20, cursor: 'abc' },
    });
  });

  it.each(['0', '101', '2.5', 'ten'])('refuses the limit %p, naming the field', (limit) => {
    expect(parseListQuery({ limit })).toMatchObject({ success: false, field: 'limit' });
  });

  it('refuses an unknown parameter rather than ignoring it', () => {
    expect(parseListQuery({ page: '2' })).toMatchObject({ success: false, field: 'page' });
  });
});
