import type { SurveysManageWebMessages } from '../zh/surveys-manage-web.js';

export const surveysManageWeb: SurveysManageWebMessages = {};
