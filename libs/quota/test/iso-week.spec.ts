import { QuotaInputError } from '../src/errors';
import { isoWeekKey, weekWindow } from '../src/iso-week';

const DAY = 86_400_000;

/**
 * Independent oracle: counts days since the epoch (1970-01-01 was a Thursday),
 * finds the week's Monday, takes the ISO year from that week's Thursday and
 * week 1 as the week holding January 4th.
 */
function oracleIsoWeek(ms: number): string {
  const day = Math.floor(ms / DAY);
  const mondayDay = day - ((((day + 3) % 7) + 7) % 7);
  const isoYear = new Date((mondayDay + 3) * DAY).getUTCFullYear();
  const january4Day = Date.UTC(isoYear, 0, 4) / DAY;
  const weekOneMonday = january4Day - ((((january4Day + 3) % 7) + 7) % 7);
  const week = (mondayDay - weekOneMonday) / 7 + 1;
  return `${isoYear}-W${String(week).padStart(2, '0')}`;
}

/** Values printed by GNU coreutils: `date -u -d <instant> +%G-W%V`. */
const GNU_DATE_VALUES: ReadonlyArray<readonly [string, string]> = [
  ['2020-01-01T00:00:00Z', '2020-W01'],
  ['2020-12-31T23:59:59Z', '2020-W53'],
  ['2021-01-03T23:59:59Z', '2020-W53'],
  ['2021-01-04T00:00:00Z', '2021-W01'],
  ['2021-12-31T12:00:00Z', '2021-W52'],
  ['2022-01-02T23:59:59Z', '2021-W52'],
  ['2022-01-03T00:00:00Z', '2022-W01'],
  ['2024-12-29T23:59:59Z', '2024-W52'],
  ['2024-12-30T00:00:00Z', '2025-W01'],
  ['2025-12-28T23:59:59Z', '2025-W52'],
  ['2025-12-29T00:00:00Z', '2026-W01'],
  ['2026-06-15T00:00:00Z', '2026-W25'],
  ['2026-12-02T09:00:00Z', '2026-W49'],
  ['2026-12-31T23:59:59Z', '2026-W53'],
  ['2027-01-01T00:00:00Z', '2026-W53'],
  ['2027-01-03T23:59:59Z', '2026-W53'],
  ['2027-01-04T00:00:00Z', '2027-W01'],
  ['2028-01-02T12:00:00Z', '2027-W52'],
  ['2028-01-03T00:00:00Z', '2028-W01'],
  ['2029-12-31T00:00:00Z', '2030-W01'],
  ['2030-12-29T23:59:59Z', '2030-W52'],
  ['2030-12-30T00:00:00Z', '2031-W01'],
  ['2031-12-28T23:59:59Z', '2031-W52'],
  ['2031-12-29T00:00:00Z', '2032-W01'],
  ['2032-12-31T23:59:59Z', '2032-W53'],
  ['2033-01-02T23:59:59Z', '2032-W53'],
  ['2033-01-03T00:00:00Z', '2033-W01'],
];

/** Every 7 hours 13 minutes from 2020 to 2033, plus every 10 minutes within two days of each New Year. */
function sampleInstants(): number[] {
  const instants: number[] = [];
  for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2033, 0, 8); t += 7 * 3_600_000 + 13 * 60_000)
    instants.push(t);
  for (let year = 2020; year <= 2033; year += 1) {
    const newYear = Date.UTC(year, 0, 1);
    for (let t = newYear - 2 * DAY; t <= newYear + 5 * DAY; t += 10 * 60_000) {
      instants.push(t, t - 1, t + 999);
    }
  }
  return instants;
}

describe('isoWeekKey', () => {
  it.each(GNU_DATE_VALUES)('puts %s in %s, as GNU date does', (instant, expected) => {
    expect(isoWeekKey(new Date(instant))).toBe(expected);
  });

  it('agrees with an independent oracle over tens of thousands of instants from 2020 to 2033', () => {
    const instants = sampleInstants();
    expect(instants.length).toBeGreaterThan(30_000);
    const disagreements = instants
      .map((t) => ({
        at: new Date(t).toISOString(),
        key: isoWeekKey(new Date(t)),
        oracle: oracleIsoWeek(t),
      }))
      .filter(({ key, oracle }) => key !== oracle);
    expect(disagreements).toEqual([]);
  });

  it('changes week exactly at Monday 00:00Z and not a millisecond before', () => {
    expect(isoWeekKey(new Date('2026-12-06T23:59:59.999Z'))).toBe('2026-W49');
    expect(isoWeekKey(new Date('2026-12-07T00:00:00.000Z'))).toBe('2026-W50');
  });

  it('uses the UTC day, not the machine time zone, for instants written with an offset', () => {
    expect(isoWeekKey(new Date('2026-12-07T00:30:00+01:00'))).toBe('2026-W49');
    expect(isoWeekKey(new Date('2026-12-06T23:30:00-01:00'))).toBe('2026-W50');
  });

  it('produces keys whose string order is time order across years with week 53', () => {
    const keys = sampleInstants()
      .sort((a, b) => a - b)
      .map((t) => isoWeekKey(new Date(t)));
    const sorted = [...keys].sort();
    expect(keys).toEqual(sorted);
  });

  it('rejects an invalid date with a QuotaInputError', () => {
    expect(() => isoWeekKey(new Date('not a date'))).toThrow(QuotaInputError);
    expect(() => isoWeekKey('2026-12-02' as unknown as Date)).toThrow(QuotaInputError);
  });

  it('rejects instants whose ISO year has more than four digits', () => {
    expect(() => isoWeekKey(new Date(Date.UTC(10_000, 5, 1)))).toThrow(QuotaInputError);
  });
});

describe('weekWindow', () => {
  it('spans Monday 00:00Z to the next Monday 00:00Z', () => {
    expect(weekWindow('2026-W49')).toEqual({
      start: new Date('2026-11-30T00:00:00Z'),
      end: new Date('2026-12-07T00:00:00Z'),
    });
  });

  it('places week 53 and week 1 around New Year', () => {
    expect(weekWindow('2026-W53')).toEqual({
      start: new Date('2026-12-28T00:00:00Z'),
      end: new Date('2027-01-04T00:00:00Z'),
    });
    expect(weekWindow('2025-W01').start).toEqual(new Date('2024-12-30T00:00:00Z'));
  });

  it('is the exact inverse of isoWeekKey for every week from 2020 to 2033', () => {
    let week = isoWeekKey(new Date('2020-01-01T00:00:00Z'));
    let checked = 0;
    while (week < '2033-W02') {
      const { start, end } = weekWindow(week);
      expect(isoWeekKey(start)).toBe(week);
      expect(isoWeekKey(new Date(end.getTime() - 1))).toBe(week);
      expect(isoWeekKey(new Date(start.getTime() - 1))).not.toBe(week);
      expect(end.getTime() - start.getTime()).toBe(7 * DAY);
      week = isoWeekKey(end);
      checked += 1;
    }
    expect(checked).toBe(13 * 52 + 3 + 1); // 2020–2032, week 53 in 2020, 2026 and 2032, then 2033-W01
  });

  it.each([
    '2026-W54',
    '2025-W53',
    '2026-W00',
    '2026W49',
    '2026-w49',
    '26-W49',
    '0000-W01',
    '',
    ' 2026-W49',
  ])('rejects %p with a QuotaInputError', (key) => {
    expect(() => weekWindow(key)).toThrow(QuotaInputError);
  });
});
