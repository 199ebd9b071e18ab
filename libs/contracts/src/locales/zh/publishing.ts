import { publishingColumns, type PublishingColumnsMessages } from './publishing-columns.js';
import { publishingWeb, type PublishingWebMessages } from './publishing-web.js';

/** Publishing's texts (issue 24, docs/product/publishing.md): kinds, states, refusals, bell messages, page titles. */
export const publishing = {
  kinds: { notice: '通知', homework: '作业', activity: '活动', performance: '表现', award: '奖项' },
  states: { draft: '草稿', scheduled: '定时发布', published: '已发布', withdrawn: '已撤回' },
  receiptStates: { read: '已读', confirmed: '已确认', unread: '未读' },
  roles: { student: '学生', parent: '家长', staff: '教职工', other: '其他' },
  page: {
    group: '信息发布',
    notice: '通知',
    homework: '作业',
    activity: '活动',
    performance: '表现',
  },
  errors: {
    /** The platform's permission message (docs/product/publishing.md#kinds). */
    forbiddenPublish: '您没有发布或删除活动、通知、问卷的权限，请联系管理员',
    notFound: '信息不存在或已被删除',
    notAuthor: '只有发布人可以进行此操作',
    notRecipient: '您不在这条信息的发布范围内',
    notPublishable: '只有草稿或定时发布的信息可以发布',
    notPublished: '只有已发布的信息可以撤回或置顶',
    notEditable: '已发布的信息不能修改，请撤回后重新发布',
    audienceInvalid: '发布范围中的年级、班级、教学班、角色或用户不存在',
    audienceNotAllowed: '{{kind}}不能按这种范围发布',
    audienceEmpty: '发布范围内没有任何接收人',
    courseRequired: '作业须选择课程',
    courseNotFound: '课程不存在',
    dueRequired: '请设置作业的截止时间',
    duePast: '截止时间不能早于当前时间',
    publishAtPast: '定时发布时间不能早于当前时间',
    tooManyPictures: '最多上传 {{max}} 张图片',
    tooManyVideos: '最多上传 {{max}} 个视频',
    videoTooLarge: '视频不能超过 {{mb}}MB：{{name}}',
    tooManyDocuments: '最多上传 {{max}} 个文档',
    documentTooLarge: '文档不能超过 {{mb}}MB：{{name}}',
    awardImageTooLarge: '奖项图片不能超过 {{mb}}MB：{{name}}',
    emptyFile: '不能上传空文件：{{name}}',
    attachmentType: '附件只能是图片、MP4 视频或 PDF、DOC、PPT 文档：{{name}}',
    attachmentNotFound: '附件不存在或不是您上传的',
    confirmNotRequired: '这条信息不需要确认',
    signatureRequired: '这条信息需要签名确认，请先签名',
    remindTooSoon: '每条信息每小时只能提醒一次，请于 {{time}} 后再试',
    nothingToRemind: '所有接收人都已阅读',
    notHomework: '只有作业可以提交',
    notAStudent: '只有这份作业的学生或其家长可以提交',
    childRequired: '请选择孩子',
    alreadySubmitted: '已提交过作业，请修改原提交',
    notSubmitted: '还没有提交作业',
    pastDue: '作业已截止，不能再修改',
  },
  message: {
    publishedTitle: '{{kind}}：{{title}}',
    publishedContent: '{{author}}发布了{{kind}}“{{title}}”',
    remindTitle: '提醒：{{kind}}“{{title}}”',
    remindContent: '{{author}}提醒您阅读{{kind}}“{{title}}”',
  },
  /** The pages' own texts (lists, compose, detail, receipts, the dashboard's card). */
  web: publishingWeb,
  /** 栏目采集's (docs/product/publishing.md#columns-from-other-sites). */
  columns: publishingColumns,
} as const;
export type PublishingMessages = {
  [K in Exclude<keyof typeof publishing, 'web' | 'columns'>]: { [L in keyof (typeof publishing)[K]]: string };
} & { web: PublishingWebMessages; columns: PublishingColumnsMessages };
