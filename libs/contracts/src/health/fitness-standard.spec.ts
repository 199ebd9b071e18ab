import { bmiOf, bmiScore, fitnessLevelScore as levelScore, ratingOf, scoreFitness, type FitnessMeasurements } from './fitness-standard.js';
import { ENDURANCE_RUN, STRENGTH, WEIGHTS } from './fitness-standard.tables.js';

const boy: FitnessMeasurements = { heightCm: 172, weightKg: 60, vitalCapacity: 4300, sprint50m: 7.3, sitAndReach: 19.4, standingLongJump: 250, strength: 14, enduranceRun: 220 };

describe('national student fitness standard (senior high)', () => {
  it('given the weights, they total 100', () => {
    expect(Object.values(WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('given a 高一 boy at the 90-point line of every scored item and a normal BMI, when scored, then each item is 90, BMI 100 and the total 91.5 (优秀)', () => {
    const r = scoreFitness(boy, 'M', 10);
    expect(r.bmi).toBe(20.3);
    expect(r.scores).toEqual({ bmi: 100, vitalCapacity: 90, sprint50m: 90, sitAndReach: 90, standingLongJump: 90, strength: 90, enduranceRun: 90 });
    expect(r.total).toBe(91.5);
    expect(r.rating).toBe('excellent');
  });

  it('given the same results in 高三, when scored, then the harder tables give less', () => {
    const r = scoreFitness(boy, 'M', 12);
    expect(r.scores.vitalCapacity).toBe(80);
    expect(r.scores.enduranceRun).toBe(80);
    expect(r.total).toBeLessThan(91.5);
  });

  it('given a time, when scored, then less is better and a time slower than the 10-point line scores 0', () => {
    const row = ENDURANCE_RUN.male[0];
    expect(levelScore(row, 210, true)).toBe(100);
    expect(levelScore(row, 211, true)).toBe(95);
    expect(levelScore(row, 285, true)).toBe(60);
    expect(levelScore(row, 386, true)).toBe(0);
  });

  it('given the empty levels of the pull-up table, when 11 pull-ups are scored, then they reach 76 (78 has no line)', () => {
    expect(levelScore(STRENGTH.male[0], 11, false)).toBe(76);
    expect(levelScore(STRENGTH.male[0], 1, false)).toBe(0);
  });

  it('given BMI bands, when scored, then low weight and overweight are 80, obesity 60, normal 100', () => {
    expect(bmiOf(160, 38)).toBe(14.8);
    expect(bmiScore(16.4, 'F', 10)).toBe(80);
    expect(bmiScore(16.5, 'F', 10)).toBe(100);
    expect(bmiScore(22.8, 'F', 10)).toBe(80);
    expect(bmiScore(25.3, 'F', 10)).toBe(60);
  });

  it('given the total bands, when rated, then 90 优秀, 80–89.9 良好, 60–79.9 及格, below 60 不及格', () => {
    expect(ratingOf(90)).toBe('excellent');
    expect(ratingOf(89.9)).toBe('good');
    expect(ratingOf(80)).toBe('good');
    expect(ratingOf(79.9)).toBe('pass');
    expect(ratingOf(60)).toBe('pass');
    expect(ratingOf(59.9)).toBe('fail');
  });

  it('given an item not measured, when scored, then the others score and there is no total', () => {
    const r = scoreFitness({ ...boy, enduranceRun: null }, 'M', 10);
    expect(r.scores.enduranceRun).toBeUndefined();
    expect(r.scores.strength).toBe(90);
    expect(r.total).toBeNull();
    expect(r.rating).toBeNull();
  });

  it('given a grade without tables, when scored, then only BMI is computed', () => {
    const r = scoreFitness(boy, 'M', 9);
    expect(r.bmi).toBe(20.3);
    expect(r.scores).toEqual({});
    expect(r.total).toBeNull();
  });

  it('given a girl, when scored, then her tables (sit-ups, 800 m) are used', () => {
    const girl: FitnessMeasurements = { heightCm: 160, weightKg: 50, vitalCapacity: 2750, sprint50m: 8.6, sitAndReach: 16.1, standingLongJump: 178, strength: 43, enduranceRun: 230 };
    const r = scoreFitness(girl, 'F', 10);
    expect(r.scores).toEqual({ bmi: 100, vitalCapacity: 80, sprint50m: 80, sitAndReach: 80, standingLongJump: 80, strength: 80, enduranceRun: 80 });
    expect(r.total).toBe(83);
    expect(r.rating).toBe('good');
  });
});
