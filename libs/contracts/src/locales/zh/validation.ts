/** Validation messages (zod issue messages are these keys). */
export const validation = {
  required: '请输入{{field}}',
  usernameRequired: '请输入用户名',
  usernameTooLong: '用户名不能超过50个字符',
  passwordRequired: '请输入密码',
  passwordTooShort: '密码不能少于5位',
  passwordTooLong: '密码不能超过50个字符',
  newPasswordRequired: '请输入新密码',
  oldPasswordRequired: '请输入原密码',
  confirmPasswordRequired: '请再次输入密码',
  passwordMismatch: '两次输入的密码不一致',
  digestInvalid: '密码摘要格式不正确',
  userIdRequired: '缺少用户标识',
  passwordEncodingInvalid: '新密码编码不正确',
  pageInvalid: '页码不正确',
  pageSizeInvalid: '每页条数只能是 10、20、30、40、50、100、200、500、1000',
  invalid: '输入不正确',
  tooLong: '输入过长',
  strategy: '{{description}}',
} as const;
export type ValidationMessages = { [K in keyof typeof validation]: string };
