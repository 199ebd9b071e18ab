/** Column titles of the Excel files the server writes (templates and exports). */
export const excel = {
  userTemplate: {
    account: '账号',
    name: '姓名',
    userType: '用户类型(1管理员/2学生/3教师/4其他)',
    password: '密码',
    deptCode: '部门代码',
    roleCodes: '角色编码(逗号分隔)',
  },
  userExport: { account: '账号', name: '姓名', userType: '用户类型', enabled: '启用', deptName: '部门', roles: '角色' },
} as const;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type ExcelMessages = Widen<typeof excel>;
