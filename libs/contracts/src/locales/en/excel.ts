import type { ExcelMessages } from '../zh/excel.js';

export const excel: ExcelMessages = {
  userTemplate: {
    account: 'Account',
    name: 'Name',
    userType: 'User type (1 admin/2 student/3 teacher/4 other)',
    password: 'Password',
    deptCode: 'Department code',
    roleCodes: 'Role codes (comma separated)',
  },
  userExport: { account: 'Account', name: 'Name', userType: 'User type', enabled: 'Enabled', deptName: 'Department', roles: 'Roles' },
};
