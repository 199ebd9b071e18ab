import { BMI_BANDS, ENDURANCE_RUN, LEVELS, SIT_AND_REACH, SPRINT_50M, STANDING_LONG_JUMP, STRENGTH, VITAL_CAPACITY, WEIGHTS } from './fitness-standard.tables.js';

/**
 * Scoring by 国家学生体质健康标准（2014年修订） for the senior-high grades (docs/adr/0054-health.md#fitness-standard):
 * each item's score from its table by sex and grade, the weighted total, and the total's rating. Pure: the tables are
 * data (fitness-standard.tables.ts), the server stores what this answers with the measurements.
 */

export type Sex = 'M' | 'F';
/** 10 高一, 11 高二, 12 高三: the grades whose tables are declared. */
export const SCORED_GRADES = [10, 11, 12] as const;
export type ScoredGrade = (typeof SCORED_GRADES)[number];

export const FITNESS_ITEMS = ['bmi', 'vitalCapacity', 'sprint50m', 'sitAndReach', 'standingLongJump', 'strength', 'enduranceRun'] as const;
export type FitnessItem = (typeof FITNESS_ITEMS)[number];

/** 优秀 ≥ 90, 良好 80–89.9, 及格 60–79.9, 不及格 < 60. */
export const FITNESS_RATINGS = ['excellent', 'good', 'pass', 'fail'] as const;
export type FitnessRating = (typeof FITNESS_RATINGS)[number];

export interface FitnessMeasurements {
  heightCm: number | null;
  weightKg: number | null;
  vitalCapacity: number | null;
  sprint50m: number | null;
  sitAndReach: number | null;
  standingLongJump: number | null;
  /** Pull-ups for boys, one-minute sit-ups for girls. */
  strength: number | null;
  /** 1000 m for boys, 800 m for girls, in seconds. */
  enduranceRun: number | null;
}

export interface FitnessResult {
  bmi: number | null;
  /** Each measured item's score (0–100); an item not measured is absent. */
  scores: Partial<Record<FitnessItem, number>>;
  /** The weighted total (one decimal), only when every item was measured. */
  total: number | null;
  rating: FitnessRating | null;
}

/** The score of a value in a row of thresholds, best first: the first level it reaches; below the last, 0. */
export function fitnessLevelScore(row: readonly (number | null)[], value: number, lowerIsBetter: boolean): number {
  for (const [i, threshold] of row.entries()) {
    if (threshold === null) continue;
    if (lowerIsBetter ? value <= threshold + 1e-9 : value >= threshold - 1e-9) return LEVELS[i] as number;
  }
  return 0;
}

/** BMI = kg / m², one decimal (the standard reads its bands to one decimal). */
export function bmiOf(heightCm: number, weightKg: number): number {
  const m = heightCm / 100;
  return Math.round((weightKg / (m * m)) * 10) / 10;
}

export function bmiScore(bmi: number, sex: Sex, grade: ScoredGrade): number {
  const [low, high, overweight] = BMI_BANDS[sex === 'M' ? 'male' : 'female'][grade - 10] as readonly [number, number, number];
  if (bmi < low) return 80;
  if (bmi <= high) return 100;
  if (bmi <= overweight) return 80;
  return 60;
}

export function ratingOf(total: number): FitnessRating {
  if (total >= 90) return 'excellent';
  if (total >= 80) return 'good';
  if (total >= 60) return 'pass';
  return 'fail';
}

export function isScoredGrade(grade: number): grade is ScoredGrade {
  return (SCORED_GRADES as readonly number[]).includes(grade);
}

/** Scores one student's measurements; a grade without tables scores nothing (BMI is still computed). */
export function scoreFitness(m: FitnessMeasurements, sex: Sex, grade: number): FitnessResult {
  const bmi = m.heightCm !== null && m.weightKg !== null && m.heightCm > 0 ? bmiOf(m.heightCm, m.weightKg) : null;
  if (!isScoredGrade(grade)) return { bmi, scores: {}, total: null, rating: null };
  const s = sex === 'M' ? 'male' : 'female';
  const g = grade - 10;
  const row = (t: typeof VITAL_CAPACITY) => t[s][g] as readonly (number | null)[];
  const scores: Partial<Record<FitnessItem, number>> = {};
  if (bmi !== null) scores.bmi = bmiScore(bmi, sex, grade);
  if (m.vitalCapacity !== null) scores.vitalCapacity = fitnessLevelScore(row(VITAL_CAPACITY), m.vitalCapacity, false);
  if (m.sprint50m !== null) scores.sprint50m = fitnessLevelScore(row(SPRINT_50M), m.sprint50m, true);
  if (m.sitAndReach !== null) scores.sitAndReach = fitnessLevelScore(row(SIT_AND_REACH), m.sitAndReach, false);
  if (m.standingLongJump !== null) scores.standingLongJump = fitnessLevelScore(row(STANDING_LONG_JUMP), m.standingLongJump, false);
  if (m.strength !== null) scores.strength = fitnessLevelScore(row(STRENGTH), m.strength, false);
  if (m.enduranceRun !== null) scores.enduranceRun = fitnessLevelScore(row(ENDURANCE_RUN), m.enduranceRun, true);
  const complete = FITNESS_ITEMS.every((i) => scores[i] !== undefined);
  if (!complete) return { bmi, scores, total: null, rating: null };
  const total = Math.round(FITNESS_ITEMS.reduce((sum, i) => sum + (scores[i] as number) * WEIGHTS[i], 0) / 10) / 10;
  return { bmi, scores, total, rating: ratingOf(total) };
}
