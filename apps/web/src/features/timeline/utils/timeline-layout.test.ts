import { describe, expect, it } from 'vitest';
import { bandPieces, positionOf } from './timeline-layout.ts';

const FROM = '2026-03-01T00:00:00.000Z';
const TO = '2026-03-02T00:00:00.000Z';
const at = (h: number) => new Date(Date.parse(FROM) + h * 3_600_000).toISOString();

describe('timeline layout', () => {
  it('places a time on the axis in percent, within it', () => {
    expect(positionOf(at(6), FROM, TO)).toBe(25);
    expect(positionOf(at(-3), FROM, TO)).toBe(0);
    expect(positionOf(at(30), FROM, TO)).toBe(100);
  });

  it('fills the time no interval covers with "No data" pieces, never with a status', () => {
    const pieces = bandPieces({
      from: FROM,
      to: TO,
      intervals: [
        { status: 'online', from: at(6), to: at(12), ongoing: false },
        { status: 'offline', from: at(12), to: at(18), ongoing: false },
      ],
    });
    expect(pieces.map((p) => [p.status, p.left, p.width])).toEqual([
      [null, 0, 25],
      ['online', 25, 25],
      ['offline', 50, 25],
      [null, 75, 25],
    ]);
  });

  it('is one "No data" piece when nothing was recorded', () => {
    expect(bandPieces({ from: FROM, to: TO, intervals: [] })).toEqual([
      { status: null, from: FROM, to: TO, left: 0, width: 100, ongoing: false },
    ]);
  });
});
