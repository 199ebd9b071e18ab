import type { ValidationMessages } from '../zh/validation.js';

export const validation: ValidationMessages = {
  required: 'Please enter {{field}}',
  usernameRequired: 'Please enter the user name',
  usernameTooLong: 'The user name must be at most 50 characters',
  passwordRequired: 'Please enter the password',
  passwordTooShort: 'The password must be at least 5 characters',
  passwordTooLong: 'The password must be at most 50 characters',
  newPasswordRequired: 'Please enter the new password',
  oldPasswordRequired: 'Please enter the old password',
  confirmPasswordRequired: 'Please enter the password again',
  passwordMismatch: 'The two passwords differ',
  digestInvalid: 'The password digest is malformed',
  userIdRequired: 'The user id is missing',
  passwordEncodingInvalid: 'The new password is not correctly encoded',
  pageInvalid: 'The page number is not valid',
  pageSizeInvalid: 'Page size must be one of 10, 20, 30, 40, 50, 100, 200, 500, 1000',
  invalid: 'The input is not valid',
  tooLong: 'The input is too long',
  strategy: '{{description}}',
};
