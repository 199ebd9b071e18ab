import { at, computed, date, defineResource, int, oneOf, photo, ref, text } from './resource-kit.js';
import { isResidentId, MOBILE } from './patterns.js';

export const ID_TYPES = ['resident', 'passport', 'hkmo', 'taiwan', 'other'] as const;
export const GENDERS = ['M', 'F'] as const;
export const STUDENT_STATUSES = ['enrolled', 'suspended', 'transferred_out', 'graduated'] as const;
export const BOARDING = ['boarding', 'day'] as const;
export const GUARDIAN_RELATIONSHIPS = ['father', 'mother', 'grandparent', 'guardian', 'other'] as const;

interface StudentIdentity {
  studentNo?: unknown;
  enrollmentBatchId?: unknown;
  idType?: unknown;
  idNumber?: unknown;
  birthDate?: unknown;
}

/**
 * 学生 (docs/product/base-data.md#students, every field). Creating one creates its account (the student number; initial
 * password the last 6 characters of the ID number) and a parent account per guardian with a mobile (`jz` + the
 * student number) — the server plugin's work. A student entering through an enrollment batch (招生管理) may come
 * without a number: the batch numbers it by {YYYY}{XB}{XQ}{LSH}. `status` changes only through the status-change flow.
 */
export const students = defineResource({
  name: 'students',
  table: 'student',
  fields: {
    studentNo: text({ max: 30, pattern: /^[A-Za-z0-9]+$/, patternMessage: 'validation.codeLettersDigits' }),
    registrationNo: text({ max: 30 }),
    name: text({ max: 50, required: true }),
    englishName: { ...text({ max: 100 }), column: 'name_en' },
    gender: oneOf('gender', GENDERS, { required: true }),
    ethnicity: text({ max: 20 }),
    nationality: text({ max: 30 }),
    birthDate: date(),
    idType: oneOf('idType', ID_TYPES, { fallback: 'resident' }),
    idNumber: text({ max: 30, required: true, pattern: /^[A-Za-z0-9()-]+$/, patternMessage: 'validation.idNumberInvalid' }),
    nativePlace: text({ max: 50 }),
    politicalOutlook: text({ max: 20 }),
    campusId: ref('campuses'),
    department: text({ max: 50 }),
    classId: ref('classes', { required: true }),
    enrollmentYear: int({ min: 2001, max: 9998, required: true }),
    admissionDate: date(),
    enrollmentWay: text({ max: 30 }),
    personnelType: text({ max: 30 }),
    voluntaryNature: text({ max: 30 }),
    previousSchool: text({ max: 100 }),
    householdAddress: text({ max: 150 }),
    householdDistrict: text({ max: 30 }),
    householdStreet: text({ max: 30 }),
    householdCommittee: text({ max: 30 }),
    residenceAddress: text({ max: 150 }),
    residenceDistrict: text({ max: 30 }),
    residenceStreet: text({ max: 30 }),
    residenceCommittee: text({ max: 30 }),
    residencePermitNo: text({ max: 30 }),
    residencePermitExpiry: date(),
    shanghaiContact: text({ max: 100 }),
    healthStatus: text({ max: 1000 }),
    boarding: oneOf('boarding', BOARDING, { fallback: 'boarding' }),
    photo: at('photo_file_id', photo()),
    enrollmentBatchId: ref('enrollment-batches'),
    status: { ...computed('enum', 'status'), enumName: 'status', options: STUDENT_STATUSES },
    userId: computed('ref', 'user_id', { hidden: true }),
  },
  children: {
    guardians: {
      table: 'student_guardian',
      parentColumn: 'student_id',
      positionColumn: 'position',
      max: 4,
      excelItems: 2,
      fields: {
        name: text({ max: 50, required: true }),
        relationship: oneOf('relationship', GUARDIAN_RELATIONSHIPS, { fallback: 'guardian' }),
        mobile: text({ max: 11, pattern: MOBILE, patternMessage: 'validation.mobileInvalid' }),
        employer: text({ max: 100 }),
        education: text({ max: 30 }),
        age: int({ min: 15, max: 120 }),
        userId: computed('ref', 'user_id', { hidden: true }),
      },
    },
  },
  rules: [
    { path: 'studentNo', message: 'validation.studentNoRequired', holds: (v: StudentIdentity) => Boolean(v.studentNo) || Boolean(v.enrollmentBatchId) },
    { path: 'idNumber', message: 'validation.idNumberInvalid', holds: (v: StudentIdentity) => v.idType !== 'resident' || typeof v.idNumber !== 'string' || isResidentId(v.idNumber) },
  ] as const,
  unique: {
    student_student_no_key: { fields: ['studentNo'], message: 'resource.messages.studentNoUsed' },
    student_id_number_key: { fields: ['idNumber'], message: 'resource.messages.idNumberUsed' },
    // The number names the student's account too.
    sys_user_account_key: { fields: ['studentNo'], message: 'resource.messages.studentNoUsed' },
  },
  inUse: {},
  scopedReaders: ['headteacher', 'student', 'parent'],
  label: 'name',
  key: 'studentNo',
  list: {
    columns: ['studentNo', 'name', 'gender', 'classId', 'enrollmentYear', 'idNumber', 'boarding', 'status'],
    filters: ['classId', 'gender', 'enrollmentYear', 'enrollmentBatchId', 'boarding'],
    keyword: ['studentNo', 'name', 'idNumber'],
    sort: [['studentNo', 'ASC']],
  },
  excel: {
    columns: [
      'studentNo', 'name', 'gender', 'idType', 'idNumber', 'birthDate', 'ethnicity', 'nationality', 'classId', 'enrollmentYear', 'admissionDate',
      'registrationNo', 'englishName', 'nativePlace', 'politicalOutlook', 'campusId', 'enrollmentWay', 'personnelType', 'voluntaryNature', 'previousSchool',
      'householdAddress', 'residenceAddress', 'shanghaiContact', 'healthStatus', 'boarding', 'enrollmentBatchId',
    ],
    importMaxKb: 5 * 1024,
  },
  permissions: { read: 'academic:students:list', write: 'academic:students:edit' },
  menu: { group: 'students', sort: 1, icon: 'id card outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
