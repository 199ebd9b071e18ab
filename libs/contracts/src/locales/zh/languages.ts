/** 界面语言 (docs/product/administration.md#interface-languages): the page, refusals, validation, results. */
export const languages = {
  page: {
    title: '界面语言',
    hint: '覆盖后的文字无需重新发布即生效；删除覆盖后恢复系统自带的文字。文字中的 {{占位符}} 必须保留。',
    lang: '语言',
    namespace: '模块',
    search: '搜索键名或文字',
    overriddenOnly: '只看已覆盖',
    overriddenCount: '本语言已覆盖 {{count}} 条',
    key: '键名',
    shipped: '系统文字',
    override: '覆盖文字',
    updated: '修改',
    actions: '操作',
    edit: '编辑',
    reset: '恢复系统文字',
    confirmReset: '恢复“{{key}}”的系统文字？',
    editTitle: '覆盖文字：{{key}}',
    placeholders: '必须保留的占位符：{{list}}',
    save: '保存',
    cancel: '取消',
    export: '导出覆盖',
    import: '导入覆盖',
    importHint: '选择导出的 JSON 文件；同一语言、模块和键名的覆盖会被替换，其余保持不变。',
    importChoose: '选择文件',
    importDone: '已导入 {{imported}} 条，{{unchanged}} 条未变',
    fileInvalid: '文件不是导出的界面语言 JSON',
    none: '没有符合条件的文字',
  },
  names: { zh: '中文', en: 'English' },
  errors: {
    forbidden: '需要“界面语言”管理权限',
    unknownKey: '{{namespace}} 中没有键名 {{key}}',
    placeholdersDropped: '覆盖文字缺少系统文字中的占位符：{{missing}}',
  },
  validation: {
    languageInvalid: '请选择语言',
    namespaceInvalid: '请选择模块',
    keyInvalid: '键名无效',
    valueRequired: '请填写覆盖文字',
    valueTooLong: '覆盖文字不能超过 2000 个字符',
    importInvalid: '导入的内容不是覆盖列表',
    importTooMany: '一次最多导入 5000 条覆盖',
  },
  results: {
    saved: '已保存覆盖',
    reset: '已恢复系统文字',
    imported: '已导入 {{imported}} 条覆盖',
  },
} as const;

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type LanguagesMessages = Texts<typeof languages>;
