import { describe, expect, it } from 'vitest';
import { formatBytes, formatRemaining, formatSpeed, progressFigures } from './upload-progress';

const MB = 1024 * 1024;

describe('upload progress', () => {
  it('is the share of bytes sent, held at 95% until the server answers', () => {
    expect(progressFigures({ loaded: 25 * MB, total: 100 * MB, startedAt: 0, at: 5000 }, false).percent).toBe(
      25,
    );
    expect(
      progressFigures({ loaded: 100 * MB, total: 100 * MB, startedAt: 0, at: 20_000 }, false).percent,
    ).toBe(95);
    expect(
      progressFigures({ loaded: 100 * MB, total: 100 * MB, startedAt: 0, at: 20_000 }, true).percent,
    ).toBe(100);
    expect(progressFigures(undefined, false).percent).toBe(0);
  });

  it('computes the average speed since the attempt began and the time left at that speed', () => {
    const figures = progressFigures({ loaded: 20 * MB, total: 100 * MB, startedAt: 1000, at: 11_000 }, false);
    expect(figures.speed).toBe(2 * MB);
    expect(figures.remaining).toBe(40);
  });

  it('knows no speed before time has passed or bytes have gone', () => {
    expect(progressFigures({ loaded: 0, total: MB, startedAt: 0, at: 1000 }, false)).toEqual({
      percent: 0,
      speed: undefined,
      remaining: undefined,
    });
    expect(progressFigures({ loaded: 10, total: MB, startedAt: 500, at: 500 }, false).speed).toBeUndefined();
  });

  it('formats sizes, speeds and time left', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,5 KB');
    expect(formatBytes(600 * MB)).toBe('600 MB');
    expect(formatSpeed(2.25 * MB)).toBe('2,3 MB/s');
    expect(formatSpeed(undefined)).toBe('–');
    expect(formatRemaining(7.2)).toBe('8 s');
    expect(formatRemaining(125)).toBe('2 min 5 s');
    expect(formatRemaining(3780)).toBe('1 h 3 min');
    expect(formatRemaining(undefined)).toBe('–');
  });
});
