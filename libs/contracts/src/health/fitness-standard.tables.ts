/**
 * 国家学生体质健康标准（2014年修订） — the scoring tables of the senior-high grades (高一, 高二, 高三) for the items
 * SchoolFlow scores (docs/adr/0054-health.md#fitness-standard). Data only: the rules that read them are in
 * fitness-standard.ts. Each scored item's row holds the threshold of each level of `LEVELS` (100, 95, … 10), best
 * first; `null` where the standard's table leaves a level empty (pull-ups reach 76, 72, … not 78, 74, …). Times are
 * seconds; lengths centimetres; vital capacity millilitres. Index 0 of a grade's list is 高一, 1 高二, 2 高三.
 */

/** The levels of a single item's table, best first. */
export const LEVELS = [100, 95, 90, 85, 80, 78, 76, 74, 72, 70, 68, 66, 64, 62, 60, 50, 40, 30, 20, 10] as const;

type Row = readonly (number | null)[];
type BySex = { readonly male: readonly [Row, Row, Row]; readonly female: readonly [Row, Row, Row] };

/** 肺活量 (ml): more is better. */
export const VITAL_CAPACITY: BySex = {
  male: [
    [4540, 4420, 4300, 4050, 3800, 3680, 3560, 3440, 3320, 3200, 3080, 2960, 2840, 2720, 2600, 2470, 2340, 2210, 2080, 1950],
    [4740, 4620, 4500, 4250, 4000, 3880, 3760, 3640, 3520, 3400, 3280, 3160, 3040, 2920, 2800, 2660, 2520, 2380, 2240, 2100],
    [4940, 4820, 4700, 4450, 4200, 4080, 3960, 3840, 3720, 3600, 3480, 3360, 3240, 3120, 3000, 2850, 2700, 2550, 2400, 2250],
  ],
  female: [
    [3150, 3100, 3050, 2900, 2750, 2650, 2550, 2450, 2350, 2250, 2150, 2050, 1950, 1850, 1750, 1710, 1670, 1630, 1590, 1550],
    [3250, 3200, 3150, 3000, 2850, 2750, 2650, 2550, 2450, 2350, 2250, 2150, 2050, 1950, 1850, 1810, 1770, 1730, 1690, 1650],
    [3350, 3300, 3250, 3100, 2950, 2850, 2750, 2650, 2550, 2450, 2350, 2250, 2150, 2050, 1950, 1910, 1870, 1830, 1790, 1750],
  ],
};

/** 50米跑 (s): less is better. */
export const SPRINT_50M: BySex = {
  male: [
    [7.1, 7.2, 7.3, 7.4, 7.5, 7.7, 7.9, 8.1, 8.3, 8.5, 8.7, 8.9, 9.1, 9.3, 9.5, 9.7, 9.9, 10.1, 10.3, 10.5],
    [7.0, 7.1, 7.2, 7.3, 7.4, 7.6, 7.8, 8.0, 8.2, 8.4, 8.6, 8.8, 9.0, 9.2, 9.4, 9.6, 9.8, 10.0, 10.2, 10.4],
    [6.8, 6.9, 7.0, 7.1, 7.2, 7.4, 7.6, 7.8, 8.0, 8.2, 8.4, 8.6, 8.8, 9.0, 9.2, 9.4, 9.6, 9.8, 10.0, 10.2],
  ],
  female: [
    [7.8, 7.9, 8.0, 8.3, 8.6, 8.8, 9.0, 9.2, 9.4, 9.6, 9.8, 10.0, 10.2, 10.4, 10.6, 10.8, 11.0, 11.2, 11.4, 11.6],
    [7.7, 7.8, 7.9, 8.2, 8.5, 8.7, 8.9, 9.1, 9.3, 9.5, 9.7, 9.9, 10.1, 10.3, 10.5, 10.7, 10.9, 11.1, 11.3, 11.5],
    [7.6, 7.7, 7.8, 8.1, 8.4, 8.6, 8.8, 9.0, 9.2, 9.4, 9.6, 9.8, 10.0, 10.2, 10.4, 10.6, 10.8, 11.0, 11.2, 11.4],
  ],
};

/** 坐位体前屈 (cm): more is better. */
export const SIT_AND_REACH: BySex = {
  male: [
    [23.6, 21.5, 19.4, 17.2, 15.0, 13.6, 12.2, 10.8, 9.4, 8.0, 6.6, 5.2, 3.8, 2.4, 1.0, 0.0, -1.0, -2.0, -3.0, -4.0],
    [24.3, 22.4, 20.5, 18.3, 16.1, 14.7, 13.3, 11.9, 10.5, 9.1, 7.7, 6.3, 4.9, 3.5, 2.1, 1.1, 0.1, -0.9, -1.9, -2.9],
    [25.0, 23.3, 21.6, 19.4, 17.2, 15.8, 14.4, 13.0, 11.6, 10.2, 8.8, 7.4, 6.0, 4.6, 3.2, 2.2, 1.2, 0.2, -0.8, -1.8],
  ],
  female: [
    [24.5, 22.5, 20.5, 18.3, 16.1, 14.7, 13.3, 11.9, 10.5, 9.1, 7.7, 6.3, 4.9, 3.5, 2.1, 1.1, 0.1, -0.9, -1.9, -2.9],
    [25.2, 23.4, 21.6, 19.4, 17.2, 15.8, 14.4, 13.0, 11.6, 10.2, 8.8, 7.4, 6.0, 4.6, 3.2, 2.2, 1.2, 0.2, -0.8, -1.8],
    [25.9, 24.3, 22.7, 20.5, 18.3, 16.9, 15.5, 14.1, 12.7, 11.3, 9.9, 8.5, 7.1, 5.7, 4.3, 3.3, 2.3, 1.3, 0.3, -0.7],
  ],
};

/** 立定跳远 (cm): more is better. */
export const STANDING_LONG_JUMP: BySex = {
  male: [
    [260, 255, 250, 243, 235, 231, 227, 223, 219, 215, 211, 207, 203, 199, 195, 190, 185, 180, 175, 170],
    [265, 260, 255, 248, 240, 236, 232, 228, 224, 220, 216, 212, 208, 204, 200, 195, 190, 185, 180, 175],
    [270, 265, 260, 253, 245, 241, 237, 233, 229, 225, 221, 217, 213, 209, 205, 200, 195, 190, 185, 180],
  ],
  female: [
    [204, 198, 192, 185, 178, 175, 172, 169, 166, 163, 160, 157, 154, 151, 148, 143, 138, 133, 128, 123],
    [205, 199, 193, 186, 179, 176, 173, 170, 167, 164, 161, 158, 155, 152, 149, 144, 139, 134, 129, 124],
    [206, 200, 194, 187, 180, 177, 174, 171, 168, 165, 162, 159, 156, 153, 150, 145, 140, 135, 130, 125],
  ],
};

/** 引体向上 (boys) and 一分钟仰卧起坐 (girls), repetitions: more is better. */
export const STRENGTH: BySex = {
  male: [
    [16, 15, 14, 13, 12, null, 11, null, 10, null, 9, null, 8, null, 7, 6, 5, 4, 3, 2],
    [17, 16, 15, 14, 13, null, 12, null, 11, null, 10, null, 9, null, 8, 7, 6, 5, 4, 3],
    [18, 17, 16, 15, 14, null, 13, null, 12, null, 11, null, 10, null, 9, 8, 7, 6, 5, 4],
  ],
  female: [
    [53, 51, 49, 46, 43, 41, 39, 37, 35, 33, 31, 29, 27, 25, 23, 21, 19, 17, 15, 13],
    [54, 52, 50, 47, 44, 42, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18, 16, 14],
    [55, 53, 51, 48, 45, 43, 41, 39, 37, 35, 33, 31, 29, 27, 25, 23, 21, 19, 17, 15],
  ],
};

const mmss = (m: number, s: number): number => m * 60 + s;

/** 1000米跑 (boys) and 800米跑 (girls), seconds: less is better. */
export const ENDURANCE_RUN: BySex = {
  male: [
    [mmss(3, 30), mmss(3, 35), mmss(3, 40), mmss(3, 47), mmss(3, 55), mmss(4, 0), mmss(4, 5), mmss(4, 10), mmss(4, 15), mmss(4, 20), mmss(4, 25), mmss(4, 30), mmss(4, 35), mmss(4, 40), mmss(4, 45), mmss(5, 5), mmss(5, 25), mmss(5, 45), mmss(6, 5), mmss(6, 25)],
    [mmss(3, 25), mmss(3, 30), mmss(3, 35), mmss(3, 42), mmss(3, 50), mmss(3, 55), mmss(4, 0), mmss(4, 5), mmss(4, 10), mmss(4, 15), mmss(4, 20), mmss(4, 25), mmss(4, 30), mmss(4, 35), mmss(4, 40), mmss(5, 0), mmss(5, 20), mmss(5, 40), mmss(6, 0), mmss(6, 20)],
    [mmss(3, 20), mmss(3, 25), mmss(3, 30), mmss(3, 37), mmss(3, 45), mmss(3, 50), mmss(3, 55), mmss(4, 0), mmss(4, 5), mmss(4, 10), mmss(4, 15), mmss(4, 20), mmss(4, 25), mmss(4, 30), mmss(4, 35), mmss(4, 55), mmss(5, 15), mmss(5, 35), mmss(5, 55), mmss(6, 15)],
  ],
  female: [
    [mmss(3, 24), mmss(3, 30), mmss(3, 36), mmss(3, 43), mmss(3, 50), mmss(3, 55), mmss(4, 0), mmss(4, 5), mmss(4, 10), mmss(4, 15), mmss(4, 20), mmss(4, 25), mmss(4, 30), mmss(4, 35), mmss(4, 40), mmss(4, 50), mmss(5, 0), mmss(5, 10), mmss(5, 20), mmss(5, 30)],
    [mmss(3, 22), mmss(3, 28), mmss(3, 34), mmss(3, 41), mmss(3, 48), mmss(3, 53), mmss(3, 58), mmss(4, 3), mmss(4, 8), mmss(4, 13), mmss(4, 18), mmss(4, 23), mmss(4, 28), mmss(4, 33), mmss(4, 38), mmss(4, 48), mmss(4, 58), mmss(5, 8), mmss(5, 18), mmss(5, 28)],
    [mmss(3, 20), mmss(3, 26), mmss(3, 32), mmss(3, 39), mmss(3, 46), mmss(3, 51), mmss(3, 56), mmss(4, 1), mmss(4, 6), mmss(4, 11), mmss(4, 16), mmss(4, 21), mmss(4, 26), mmss(4, 31), mmss(4, 36), mmss(4, 46), mmss(4, 56), mmss(5, 6), mmss(5, 16), mmss(5, 26)],
  ],
};

/**
 * 体重指数 (BMI, kg/m²) bands: [the lowest normal, the highest normal, the highest overweight] — below the normal band
 * is 低体重 (80), above it 超重 (80), above overweight 肥胖 (60); normal is 100.
 */
export const BMI_BANDS: { readonly male: readonly [readonly [number, number, number], readonly [number, number, number], readonly [number, number, number]]; readonly female: readonly [readonly [number, number, number], readonly [number, number, number], readonly [number, number, number]] } = {
  male: [
    [16.5, 23.2, 26.3],
    [16.8, 23.7, 26.5],
    [17.3, 23.8, 27.3],
  ],
  female: [
    [16.5, 22.7, 25.2],
    [16.9, 23.2, 25.4],
    [17.1, 23.3, 25.7],
  ],
};

/** Weights of the senior-high grades' items (per cent; they total 100). */
export const WEIGHTS = { bmi: 15, vitalCapacity: 15, sprint50m: 20, sitAndReach: 10, standingLongJump: 10, strength: 10, enduranceRun: 20 } as const;
