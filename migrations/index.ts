import { IdentityAndAccess1732000000000 } from './1732000000000-identity-and-access.js';
import { SchoolBaseData1732000001000 } from './1732000001000-school-base-data.js';

/** Every migration, in order. Run on start (`npm start`) and by the test harness. */
export const migrations = [IdentityAndAccess1732000000000, SchoolBaseData1732000001000];
