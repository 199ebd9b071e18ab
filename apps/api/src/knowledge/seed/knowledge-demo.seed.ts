import type { KnowledgeCategoryValues } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import { articleWrite } from '../domain/article-text.js';
import { KnowledgeRepository } from '../domain/knowledge.repository.js';

interface DemoCategory {
  key: string;
  parent?: string;
  name: string;
  nameEn: string;
  roles?: string[];
  departments?: string[];
  editors?: string[];
}

/** The tree (docs/product/office.md#knowledge-base): rules for all with a staff-only part, IT how-tos, and the head teachers' own. */
const CATEGORIES: DemoCategory[] = [
  { key: 'rules', name: '规章制度', nameEn: 'School rules', editors: ['office'] },
  { key: 'students', parent: 'rules', name: '学生守则', nameEn: 'Student code' },
  { key: 'staff', parent: 'rules', name: '教职工制度', nameEn: 'Staff policies', roles: ['admin', 'principal', 'office', 'headteacher', 'gradeleader', 'teacher', 'repairman', 'doctor'] },
  { key: 'it', name: '信息技术', nameEn: 'IT how-tos' },
  { key: 'network', parent: 'it', name: '校园网络', nameEn: 'Campus network' },
  { key: 'heads', name: '班主任工作', nameEn: "Head teachers' corner", roles: ['headteacher'], departments: ['G10', 'G11', 'G12'], editors: ['headteacher'] },
];

interface DemoArticle {
  category: string;
  by: string;
  /** Days before the seeding day it was written (its later versions a day apart each, the last one the newest). */
  daysAgo: number;
  versions: { title: string; body: string }[];
}

const ARTICLES: DemoArticle[] = [
  {
    category: 'students',
    by: 'office',
    daysAgo: 40,
    versions: [
      {
        title: '学生请假办理流程',
        body: `<h3>适用范围</h3><p>本流程适用于全体在校学生。学生因病或因事不能到校上课时，须按本流程办理请假手续。</p>
<h3>办理步骤</h3><ol><li>学生或家长在“业务申请 → 请假申请”中填写请假类型、起止时间和事由；病假超过三天须上传医院证明。</li>
<li>班主任在一个工作日内审批；请假超过三天的，还须教务处审批。</li><li>假期结束返校当天，学生应办理销假。</li></ol>
<p>未经批准擅自离校的，按旷课处理。</p>`,
      },
    ],
  },
  {
    category: 'students',
    by: 'office',
    daysAgo: 35,
    versions: [
      {
        title: 'Dress code and school uniform',
        body: `<p>Students wear the school uniform from Monday to Friday; the sports uniform is worn on days with a PE lesson.</p>
<ul><li>Keep the uniform clean and the school badge visible.</li><li>Hair dye, heavy make-up and jewellery are not allowed.</li>
<li>On cold days a plain dark coat may be worn over the uniform.</li></ul><p>Questions about the dress code go to the head teacher of your class.</p>`,
      },
    ],
  },
  {
    category: 'staff',
    by: 'office',
    daysAgo: 30,
    versions: [
      {
        title: '教职工考勤与请假制度',
        body: `<p>教职工应按作息时间到岗：上午 7:40 前、下午 13:20 前在“教师考勤”页面签到。</p>
<p>因事请假一天以内由年级组长批准；一天以上、三天以内由分管副校长批准；三天以上由校长批准。病假须提供医院证明。</p>
<p>外出参加培训、教研活动视同出勤，须提前在系统中登记。</p>`,
      },
    ],
  },
  {
    category: 'network',
    by: 'admin',
    daysAgo: 20,
    versions: [
      {
        title: '如何连接校园无线网络',
        body: `<p>校园无线网络名称（SSID）为 <strong>SchoolFlow-WiFi</strong>，使用统一身份认证账号登录。</p>
<ol><li>在手机或电脑的 Wi-Fi 列表中选择 SchoolFlow-WiFi。</li><li>在弹出的登录页输入工号或学号及密码。</li><li>首次连接须同意《校园网络使用规定》。</li></ol>`,
      },
      {
        title: '如何连接校园无线网络（Wi-Fi）',
        body: `<p>校园无线网络名称（SSID）为 <strong>SchoolFlow-WiFi</strong>，使用统一身份认证账号登录。</p>
<ol><li>在手机或电脑的 Wi-Fi 列表中选择 SchoolFlow-WiFi。</li><li>在弹出的登录页输入工号或学号及密码。</li><li>首次连接须同意《校园网络使用规定》。</li></ol>
<p>访客请连接 <strong>SchoolFlow-Guest</strong>，并向信息中心索取当日访客密码。每台设备同时只能登录一个账号。</p>`,
      },
    ],
  },
  {
    category: 'it',
    by: 'admin',
    daysAgo: 15,
    versions: [
      {
        title: 'How to reset your password',
        body: `<p>Forgot your password? Open the sign-in page and choose <strong>Forgot password</strong>. Enter your account, your ID number and the mobile number the school has on record, then a new password.</p>
<p>After signing in with an initial or reset password you are asked to set a new one. A strong password has at least eight characters mixing letters and digits.</p>
<p>Still locked out? Ask the IT centre (信息中心) in person with your staff or student card.</p>`,
      },
    ],
  },
  {
    category: 'it',
    by: 'admin',
    daysAgo: 10,
    versions: [
      {
        title: '多媒体教室设备使用说明',
        body: `<h3>上课前</h3><p>打开讲台电源总开关，再用遥控器开启投影仪；电子白板随电脑自动启动。</p>
<h3>下课后</h3><p>先关闭投影仪，等待风扇停止后再关闭总电源。设备故障请在“报修管理”中提交报修，类型选择“多媒体设备”。</p>`,
      },
    ],
  },
  {
    category: 'heads',
    by: 'headteacher',
    daysAgo: 8,
    versions: [
      {
        title: '主题班会设计要点',
        body: `<p>主题班会是班主任开展德育工作的重要途径，每学期不少于八次。</p>
<ul><li>主题贴近学生生活，如时间管理、网络安全、心理健康。</li><li>让学生参与策划和主持，班主任做好引导与总结。</li><li>班会记录和照片在学期末交年级组存档。</li></ul>`,
      },
    ],
  },
  {
    category: 'heads',
    by: 'headteacher',
    daysAgo: 5,
    versions: [
      {
        title: 'Parent meeting checklist',
        body: `<ol><li>Send the invitation through 信息发布 two weeks ahead and ask parents to confirm.</li><li>Prepare each student's grades and attendance for the term.</li>
<li>Agree the agenda with the subject teachers; keep each talk short.</li><li>Record the questions parents raise and answer them within a week.</li></ol>`,
      },
    ],
  },
];

/**
 * 知识库's demo (docs/product/office.md#knowledge-base): the categories above with their readers and editors, and
 * articles in Chinese and in English — one of them with two versions — dated from the day of seeding. Runs in the demo
 * school's seed; does nothing when the knowledge base already holds a category.
 */
export async function seedDemoKnowledge(tx: EntityManager): Promise<void> {
  if (((await tx.query(`SELECT 1 FROM knowledge_category LIMIT 1`)) as unknown[]).length > 0) return;
  const repo = new KnowledgeRepository();
  const users = new Map(((await tx.query(`SELECT id, account FROM sys_user WHERE account IN ('admin', 'office', 'headteacher')`)) as { id: string; account: string }[]).map((u) => [u.account, u.id]));
  const departments = new Map(((await tx.query(`SELECT id, code FROM org_department`)) as { id: string; code: string }[]).map((d) => [d.code, d.id]));
  const admin = users.get('admin') as string;
  const categoryId = new Map<string, string>();
  for (const [i, c] of CATEGORIES.entries()) {
    const values: KnowledgeCategoryValues = {
      parentId: c.parent ? (categoryId.get(c.parent) ?? null) : null,
      name: c.name,
      nameEn: c.nameEn,
      sort: i + 1,
      everyone: !c.roles && !c.departments,
      roles: c.roles ?? [],
      departmentIds: (c.departments ?? []).flatMap((code) => departments.get(code) ?? []),
      editorIds: (c.editors ?? []).flatMap((a) => users.get(a) ?? []),
    };
    categoryId.set(c.key, await repo.insertCategory(tx, values, admin));
  }
  for (const a of ARTICLES) {
    const by = users.get(a.by) ?? admin;
    const write = (v: { title: string; body: string }) => {
      const w = articleWrite({ categoryId: categoryId.get(a.category) as string, title: v.title, body: v.body, attachments: [] });
      if (!w) throw new Error(`demo article without text: ${v.title}`);
      return w;
    };
    const [first, ...later] = a.versions;
    if (!first) continue;
    const id = await repo.insertArticle(tx, write(first), by);
    for (const v of later) await repo.saveVersion(tx, id, write(v), by);
    // dated from the seeding day: written `daysAgo`, each later version a day after the one before
    const last = a.daysAgo - later.length;
    await tx.query(
      `UPDATE knowledge_article_version SET saved_at = now() - make_interval(days => $2 - (version - 1)) WHERE article_id = $1`,
      [id, a.daysAgo],
    );
    await tx.query(`UPDATE knowledge_article SET created_at = now() - make_interval(days => $2), updated_at = now() - make_interval(days => $3) WHERE id = $1`, [id, a.daysAgo, last]);
  }
}
