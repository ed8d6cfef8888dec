import { describe, expect, it } from 'vitest';
import { axisTicks, bandPieces, positionOf } from './timeline-layout.ts';

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

  describe('axis labels', () => {
    // Local times: the axis is labelled in the browser's zone.
    const local = (day: number, hour: number, minute = 0) =>
      new Date(2026, 10, day, hour, minute).toISOString();
    const shown = (ticks: number[]) =>
      ticks.map((ms) => {
        const d = new Date(ms);
        return `${d.getDate()} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
      });

    it('stand at each midnight over 7 days, not at quarters of the range', () => {
      expect(shown(axisTicks(local(22, 17, 45), local(29, 17, 45), '7d'))).toEqual([
        '23 00:00',
        '24 00:00',
        '25 00:00',
        '26 00:00',
        '27 00:00',
        '28 00:00',
        '29 00:00',
      ]);
    });

    it('stand every 6 hours on the hour over 24 hours, and every 5th midnight over 30 days', () => {
      expect(shown(axisTicks(local(28, 17, 45), local(29, 17, 45), '24h'))).toEqual([
        '28 18:00',
        '29 00:00',
        '29 06:00',
        '29 12:00',
      ]);
      expect(shown(axisTicks(local(28, 18), local(29, 18), '24h'))).toEqual([
        '28 18:00',
        '29 00:00',
        '29 06:00',
        '29 12:00',
        '29 18:00',
      ]);
      const month = axisTicks(new Date(2026, 9, 30, 17, 45).toISOString(), local(29, 17, 45), '30d');
      expect(shown(month)).toEqual(['31 00:00', '5 00:00', '10 00:00', '15 00:00', '20 00:00', '25 00:00']);
    });

    it('are none for an empty range', () => {
      expect(axisTicks(local(22, 0), local(22, 0), '7d')).toEqual([]);
    });
  });
});
