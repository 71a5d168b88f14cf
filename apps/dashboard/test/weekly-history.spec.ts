import { HISTORY_WEEKS, weeksOfHistory } from '../src/domain/weekly-history';

describe('weeksOfHistory', () => {
  it('makes one bar per week the server sent, oldest first, with its start and slots', () => {
    const bars = weeksOfHistory({
      weeks: [
        { week: '2026-W48', startsAt: '2026-11-23T00:00:00.000Z', used: 0 },
        { week: '2026-W49', startsAt: '2026-11-30T00:00:00.000Z', used: 6 },
      ],
    });
    expect(bars).toEqual([
      { week: '2026-W48', weekStart: new Date('2026-11-23T00:00:00.000Z'), slots: 0 },
      { week: '2026-W49', weekStart: new Date('2026-11-30T00:00:00.000Z'), slots: 6 },
    ]);
  });

  it('shows 8 weeks, which the API can answer (it answers 1 to 26)', () => {
    expect(HISTORY_WEEKS).toBe(8);
  });
});
