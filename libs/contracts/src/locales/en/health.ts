import type { HealthMessages } from '../zh/health.js';

/** Health care (docs/product/campus-life.md#health-care): the family's page, the risk flag, refusals, the head teacher's alert. */
export const health: HealthMessages = {
  page: {
    mine: 'My health',
    child: 'Child',
    none: 'No health record yet',
    visits: 'Infirmary visits',
    conditions: 'Health conditions',
    exams: 'Fitness tests',
    insurance: 'Insurance',
    empty: 'Nothing recorded',
  },
  fields: {
    date: 'Date',
    complaint: 'Complaint',
    diagnosis: 'Diagnosis',
    treatment: 'Treatment',
    outcome: 'Outcome',
    name: 'Condition',
    riskLevel: 'Risk level',
    careAdvice: 'Care advice',
    height: 'Height',
    weight: 'Weight',
    bmi: 'BMI',
    total: 'Total',
    rating: 'Rating',
    insurer: 'Insurer',
    policyNo: 'Policy number',
    plan: 'Plan',
    period: 'Covered',
  },
  items: { bmi: 'Body mass index', vitalCapacity: 'Vital capacity', sprint50m: '50 m run', sitAndReach: 'Sit and reach', standingLongJump: 'Standing long jump', strength: 'Pull-ups / sit-ups', enduranceRun: '1000 m / 800 m' },
  rating: { excellent: 'Excellent', good: 'Good', pass: 'Pass', fail: 'Fail' },
  risk: { column: 'Health risk', low: 'Low risk', medium: 'Medium risk', high: 'High risk', badge: 'Health risk: {{level}}', conditions: 'Watch for: {{names}}' },
  errors: {
    forbidden: "You may not read this student's health records",
    notFound: 'No such student',
  },
  message: {
    alertTitle: 'Student health alert: {{student}}',
    alertContent: 'The school doctor recorded the condition "{{condition}}" for {{student}} ({{className}}), risk level: {{level}}. {{advice}}',
  },
};
