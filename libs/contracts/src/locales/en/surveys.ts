import type { SurveysMessages } from '../zh/surveys.js';
import { surveysAnswer } from './surveys-answer.js';
import { surveysManageWeb } from './surveys-manage-web.js';
import { surveysResults } from './surveys-results.js';

export const surveys: SurveysMessages = {
  page: {
    group: 'Questionnaires',
    list: 'Questionnaire list',
    create: 'Create questionnaire',
    answer: 'Answer questionnaires',
  },
  types: { single: 'Single choice', multiple: 'Multiple choice', text: 'Text', rating: 'Rating', matrix: 'Matrix', date: 'Date' },
  states: { enabled: 'In use', disabled: 'Unused', published: 'Published', unpublished: 'Unpublished' },
  templates: { 'teaching-quality': 'Teaching quality' },
  errors: {
    forbidden: 'You have no permission to publish or delete activities, notices or questionnaires; contact the administrator',
    notFound: 'The paper does not exist',
    notStartedOrExpired: 'The paper has not started or has expired',
    alreadySubmitted: 'The questionnaire has already been submitted',
    nameUsed: 'The questionnaire name has been used',
    categoryInvalid: 'The questionnaire category does not exist',
    audienceInvalid: 'A grade, class, role or user among those who answer does not exist',
    editLocked: 'The questionnaire has answers: only its end can be extended',
    deleteAnswered: 'The questionnaire has answers and cannot be deleted',
    deletePublished: 'A published questionnaire cannot be deleted; unpublish it first',
    pictureType: 'Option pictures must be JPG: {{name}}',
    pictureTooLarge: 'Option pictures cannot exceed {{mb}}MB: {{name}}',
    pictureEmpty: 'An empty file cannot be uploaded: {{name}}',
    pictureNotFound: 'The picture does not exist or was not uploaded by you',
    statisticsError: 'Statistics error',
    questionsFailed: 'Failed to get the questions; try again',
    tooManyFromAddress: 'Too many submissions; try again later',
    deviceInvalid: 'The answering token is not valid; open the questionnaire again',
  },
  status: {
    publishSuccess: 'Published',
    publishFailed: 'Publishing failed: {{reason}}',
    unpublishSuccess: 'Unpublished',
    unpublishFailed: 'Unpublishing failed: {{reason}}',
    enableSuccess: 'Put in use',
    enableFailed: 'Putting in use failed: {{reason}}',
    disableSuccess: 'Taken out of use',
    disableFailed: 'Taking out of use failed: {{reason}}',
  },
  reasons: {
    alreadyPublished: 'the questionnaire is already published',
    notPublished: 'the questionnaire is not published',
    notEnabled: 'the questionnaire is not in use',
    alreadyEnabled: 'the questionnaire is already in use',
    alreadyDisabled: 'the questionnaire is already unused',
    published: 'unpublish it first',
    ended: 'the questionnaire has ended',
  },
  answer: surveysAnswer,
  manage: surveysManageWeb,
  results: surveysResults,
};
