import { JOB_POLL_MS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { isJobPending, jobPollInterval, jobState, queueCount } from './job-status';

const jobs = (...codes: number[]) => codes.map((isCompleted) => ({ isCompleted }));

describe('job status', () => {
  it('names the four states, any unknown code being a failure', () => {
    expect([0, 1, 2, 3, 7, -1].map(jobState)).toEqual([
      'queued',
      'running',
      'done',
      'failed',
      'failed',
      'failed',
    ]);
  });

  it('counts queued and running jobs as in queue, not done or failed ones', () => {
    expect(queueCount(jobs(0, 1, 2, 3, 1))).toBe(3);
    expect(queueCount(jobs())).toBe(0);
    expect(queueCount(undefined)).toBe(0);
    expect(isJobPending(3)).toBe(false);
  });

  it('polls every 5 s while a job is pending and stops when all are finished', () => {
    expect(jobPollInterval(jobs(2, 0))).toBe(JOB_POLL_MS);
    expect(jobPollInterval(jobs(2, 1))).toBe(5000);
    expect(jobPollInterval(jobs(2, 2, 3))).toBe(false);
    expect(jobPollInterval(undefined)).toBe(false);
  });
});
