import { appendOlderPage, mergeFirstPage } from '../src/domain/episode-pages';
import { aJob } from './support/jobs';

const ids = (jobs: readonly { jobId: string }[]) => jobs.map((job) => job.jobId);
const job = (jobId: string, status: 'ready' | 'synthesizing' = 'ready') => aJob({ jobId, status });

describe('mergeFirstPage', () => {
  it('lists the polled first page first and keeps the known jobs that are not on it, newest first', () => {
    const merged = mergeFirstPage([job('j6'), job('j5')], [job('j5'), job('j4'), job('j3')]);
    expect(ids(merged)).toEqual(['j6', 'j5', 'j4', 'j3']);
  });

  it('shows a job of the first page in the state the poll returned', () => {
    const merged = mergeFirstPage([job('j5', 'ready')], [job('j5', 'synthesizing'), job('j4')]);
    expect(merged[0]?.status).toBe('ready');
    expect(merged).toHaveLength(2);
  });

  it('is the first page itself when nothing else is known', () => {
    expect(ids(mergeFirstPage([job('j2'), job('j1')], []))).toEqual(['j2', 'j1']);
  });
});

describe('appendOlderPage', () => {
  it('appends the jobs of an older page after the known ones', () => {
    expect(ids(appendOlderPage([job('j4'), job('j3')], [job('j2'), job('j1')]))).toEqual([
      'j4',
      'j3',
      'j2',
      'j1',
    ]);
  });

  it('lists a job on both the known list and the page once, where it was, in the page’s state', () => {
    const appended = appendOlderPage(
      [job('j5'), job('j4', 'synthesizing')],
      [job('j4', 'ready'), job('j3')],
    );
    expect(ids(appended)).toEqual(['j5', 'j4', 'j3']);
    expect(appended[1]?.status).toBe('ready');
  });
});
