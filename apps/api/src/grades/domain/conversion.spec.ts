import { describe, expect, it } from '@jest/globals';
import { convertByScale, levelOf, linesOn } from './conversion.js';

const hundred = {
  fullScore: 100,
  passLine: 60,
  excellentLine: 85,
  ranks: [
    { name: 'A', convertedScore: 95, min: 85, max: 100 },
    { name: 'B', convertedScore: 80, min: 70, max: 84.99 },
    { name: 'C', convertedScore: 65, min: 60, max: 69.99 },
    { name: 'D', convertedScore: 40, min: 0, max: 59.99 },
  ],
};

describe('conversion', () => {
  it('given a 100-point scale, when a score of an exam of 100 is read, then its rank, converted score and lines are the scale\'s', () => {
    expect(convertByScale(91, 100, hundred)).toEqual({ rank: 'A', convertedScore: 95, passed: true, excellent: true });
    expect(convertByScale(60, 100, hundred)).toEqual({ rank: 'C', convertedScore: 65, passed: true, excellent: false });
    expect(convertByScale(59.5, 100, hundred)).toEqual({ rank: 'D', convertedScore: 40, passed: false, excellent: false });
  });

  it('given an exam of 150, when a score is read, then it is put on the scale in proportion', () => {
    expect(convertByScale(135, 150, hundred).rank).toBe('A'); // 90 of 100
    expect(convertByScale(89, 150, hundred).passed).toBe(false); // 59.33
    expect(linesOn(150, hundred)).toEqual({ pass: 90, excellent: 127.5 });
  });

  it('given a score outside every rank, then it has no rank', () => {
    expect(convertByScale(50, 100, { ...hundred, ranks: [{ name: 'A', convertedScore: 95, min: 85, max: 100 }] }).rank).toBeNull();
  });

  it('given a school year\'s rules, when a score is read, then its percentage of the full marks finds the level', () => {
    const rules = [
      { level: '优', lowest: 90, highest: 200, conversionScore: 95, colour: '#21BA45' },
      { level: '良', lowest: 75, highest: 89, conversionScore: 82, colour: '#2185D0' },
      { level: '合格', lowest: 60, highest: 74, conversionScore: 67, colour: '#F2711C' },
    ];
    expect(levelOf(89.99, 100, rules)?.level).toBe('良');
    expect(levelOf(90, 100, rules)?.level).toBe('优');
    expect(levelOf(59, 100, rules)).toBeNull();
    // a 150-point paper: 135 is 90 of 100, 99 is 66
    expect(levelOf(135, 150, rules)?.level).toBe('优');
    expect(levelOf(99, 150, rules)?.level).toBe('合格');
  });
});
