import { type EvalRole, parseSchoolMoment } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import { assignPeers } from '../domain/results-shape.js';
import { RoundsRepository } from '../domain/rounds.repository.js';
import { TemplatesRepository } from '../domain/templates.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The four bands every content of the demo template uses (优秀 ≥ 90, 良好 ≥ 75, 合格 ≥ 60). */
const BANDS = [
  { name: '优秀', description: '表现突出，可作为同学的榜样', score: null, min: 90, max: 100 },
  { name: '良好', description: '表现良好，偶有不足', score: null, min: 75, max: 89.99 },
  { name: '合格', description: '达到基本要求', score: null, min: 60, max: 74.99 },
  { name: '待合格', description: '尚未达到基本要求，需要改进', score: null, min: 0, max: 59.99 },
];
const w = (pairs: [EvalRole, number][]): { role: EvalRole; weight: number }[] => pairs.map(([role, weight]) => ({ role, weight }));
const content = (name: string, description: string, evaluators: { role: EvalRole; weight: number }[]) => ({ name, description, evaluators, levels: BANDS });

/** 综合素质评价's five dimensions (moral character, academics, health, arts, practice), two contents each. */
export const FIVE_DIMENSIONS = [
  { name: '思想品德', description: '', contents: [content('爱国守法', '遵守法律法规和校规校纪', w([['self', 20], ['peer', 20], ['head', 40], ['parent', 20]])), content('诚信友善', '诚实守信，团结同学', w([['self', 20], ['peer', 30], ['head', 50]]))] },
  { name: '学业水平', description: '', contents: [content('学习态度', '认真听讲，按时完成作业', w([['self', 20], ['head', 30], ['subject', 50]])), content('学习能力', '独立思考，勇于探究', w([['self', 30], ['subject', 70]]))] },
  { name: '身心健康', description: '', contents: [content('体育锻炼', '坚持锻炼，体质达标', w([['self', 30], ['head', 40], ['parent', 30]])), content('心理素质', '积极乐观，善于调节情绪', w([['self', 40], ['head', 60]]))] },
  { name: '艺术素养', description: '', contents: [content('审美情趣', '感受美、欣赏美', w([['self', 50], ['subject', 50]])), content('艺术实践', '参加艺术活动', w([['self', 30], ['peer', 20], ['head', 50]]))] },
  { name: '社会实践', description: '', contents: [content('社会服务', '参加志愿服务和公益劳动', w([['self', 30], ['peer', 30], ['head', 40]])), content('劳动实践', '家务劳动与校内劳动', w([['self', 30], ['head', 30], ['parent', 40]]))] },
];

/**
 * 学业评价's demo (docs/product/evaluations.md#demo): the five-dimension 综评 template of the current school year
 * (one decimal, two named peers) and a round of it for 高一 this semester, open from the day before the seed day for
 * thirty days — dated from the day it is seeded, like the rest of the demo's calendar.
 */
export async function seedDemoEvaluations(tx: EntityManager, at: { today: string; timeZone: string; schoolYearId: string; semesterId: string; adminId: string }): Promise<void> {
  const templates = new TemplatesRepository();
  const rounds = new RoundsRepository();
  const input = { schoolYearId: at.schoolYearId, name: '综合素质评价', description: '五个维度：思想品德、学业水平、身心健康、艺术素养、社会实践', precision: 1 as const, peerCount: 2, themes: FIVE_DIMENSIONS };
  const templateId = await templates.insertHead(tx, input, at.adminId);
  await templates.replaceTree(tx, templateId, input.themes);
  const midnight = parseSchoolMoment(at.today, at.timeZone) ?? Date.now();
  const classIds = await rounds.reach(tx, [10], []);
  const roundId = await rounds.insert(tx, { templateId, semesterId: at.semesterId, name: '高一期末综合素质评价', grades: [10], start: new Date(midnight - DAY_MS), end: new Date(midnight + 30 * DAY_MS), userId: at.adminId }, classIds);
  for (const ids of (await rounds.classStudents(tx, classIds)).values()) await rounds.insertPeers(tx, roundId, assignPeers(ids, input.peerCount));
}
